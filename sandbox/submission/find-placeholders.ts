import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A placeholder of the `rpe init` scaffolds left in a file. */
export interface Placeholder {
  /** Path relative to the submission root. */
  file: string;
  line: number;
  text: string;
}

/**
 * The markers the scaffolds in templates/ put where the team must write: the placeholder
 * family's `PLACEHOLDER:` phenomenon and contrast, its `[PRZYKŁAD DO ZASTĄPIENIA]` inputs, and the
 * `_to fill in_` fields and `(to be replaced)` cluster of PROVENANCE.md. The scaffold's comment
 * "PLACEHOLDER FAMILY: ..." is guidance, not a marker, and does not match.
 */
const MARKERS: readonly RegExp[] = [
  /\bPLACEHOLDER:/,
  /\[PRZYKŁAD DO ZASTĄPIENIA\]/,
  /:\s*_to fill in_\s*$/,
  /^#+ .*\(to be replaced\)\s*$/,
];

// Folders whose files a team does not write: data, vendored packages, installed dependencies.
const SKIPPED = new Set(['.git', 'data', 'vendor', 'node_modules', '__pycache__']);
// Files built from the team's sources, which are searched themselves: the TS scaffold's bundle.
const BUILT = new Set(['generate.bundle.mjs']);
const TEXT = /\.(py|ts|mts|cts|js|mjs|cjs|md|txt|rst|json|toml|ya?ml|cfg|ini)$|^[A-Z]+$/;
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_FILES = 5000;

async function listTextFiles(root: string, rel: string, out: string[]): Promise<void> {
  const names = (await readdir(rel === '' ? root : join(root, rel))).sort();
  for (const name of names) {
    if (out.length >= MAX_FILES) return;
    const path = rel === '' ? name : `${rel}/${name}`;
    const stats = await lstat(join(root, path));
    if (stats.isDirectory()) {
      if (!SKIPPED.has(name)) await listTextFiles(root, path, out);
    } else if (
      stats.isFile() &&
      stats.size <= MAX_FILE_BYTES &&
      TEXT.test(name) &&
      !(rel === '' && BUILT.has(name))
    ) {
      out.push(path);
    }
  }
}

// Every scaffold marker in the text files of a submission, in path and line order.
export async function findPlaceholders(dir: string): Promise<Placeholder[]> {
  const files: string[] = [];
  await listTextFiles(dir, '', files);
  const found: Placeholder[] = [];
  for (const file of files) {
    const text = await readFile(join(dir, file), 'utf8');
    text.split(/\r?\n/).forEach((line, i) => {
      if (MARKERS.some((m) => m.test(line))) found.push({ file, line: i + 1, text: line.trim() });
    });
  }
  return found;
}
