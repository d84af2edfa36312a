import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The toolkit a generator imports by name, as installed in its own tree. */
export interface GeneratorToolkit {
  version: string;
  /** Where its package-lock.json took it from, e.g. `file:vendor/reverse-poleval-0.1.0.tgz`. */
  resolved: string | null;
}

async function readJson<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

// The reverse-poleval installed in a tree's node_modules (what `import 'reverse-poleval'` loads), or null.
export async function readGeneratorToolkit(tree: string): Promise<GeneratorToolkit | null> {
  const manifest = await readJson<{ version?: string }>(
    join(tree, 'node_modules', 'reverse-poleval', 'package.json'),
  );
  if (!manifest?.version) return null;
  const lock = await readJson<{ packages?: Record<string, { resolved?: string }> }>(
    join(tree, 'package-lock.json'),
  );
  const resolved = lock?.packages?.['node_modules/reverse-poleval']?.resolved ?? null;
  return { version: manifest.version, resolved };
}
