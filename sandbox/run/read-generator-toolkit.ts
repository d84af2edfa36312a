import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The toolkit a generator imports by name, as installed in its own tree. */
export interface GeneratorToolkit {
  version: string;
  /** Where its package-lock.json took it from, e.g. `file:vendor/reverse-poleval-0.1.0.tgz`. */
  resolved: string | null;
}

/** Where the installed toolkit's manifest is, relative to the tree. */
export const TOOLKIT_MANIFEST = 'node_modules/reverse-poleval/package.json';

async function readJson<T>(read: () => Promise<Buffer | string | null>): Promise<T | null> {
  try {
    const text = await read();
    return text === null ? null : (JSON.parse(String(text)) as T);
  } catch {
    return null;
  }
}

/**
 * The reverse-poleval installed in a tree's node_modules (what `import 'reverse-poleval'` loads),
 * or null. `readManifest` reads the installed manifest where the install step put it (the
 * sandbox's volume); by default it is read from the tree.
 */
export async function readGeneratorToolkit(
  tree: string,
  readManifest: () => Promise<Buffer | string | null> = () =>
    readFile(join(tree, TOOLKIT_MANIFEST), 'utf8'),
): Promise<GeneratorToolkit | null> {
  const manifest = await readJson<{ version?: string }>(readManifest);
  if (!manifest?.version) return null;
  const lock = await readJson<{ packages?: Record<string, { resolved?: string }> }>(() =>
    readFile(join(tree, 'package-lock.json'), 'utf8'),
  );
  const resolved = lock?.packages?.['node_modules/reverse-poleval']?.resolved ?? null;
  return { version: manifest.version, resolved };
}
