import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findDeclaredDataHash, hashDataDir, isRpeError } from '../../framework/index.js';

export interface DataHashCheck {
  /** The `sha256:<hex>` the README declares, or null. */
  declared: string | null;
  /** The hash of data/, or null when there is no data/ or it cannot be hashed. */
  actual: string | null;
  ok: boolean;
  /** Which README was read, or null when there is none. */
  readme: string | null;
  /** Set when not ok. */
  code?: 'data_hash_missing' | 'data_hash_mismatch';
  message?: string;
}

const READMES = ['README.md', 'README', 'README.txt', 'README.rst', 'readme.md'];

async function readReadme(dir: string): Promise<{ name: string; text: string } | null> {
  for (const name of READMES) {
    try {
      const stats = await lstat(join(dir, name));
      if (stats.isFile()) return { name, text: await readFile(join(dir, name), 'utf8') };
    } catch {
      // Try the next name.
    }
  }
  return null;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Track 2 data rule: whatever the generator needs lives in data/ with its content hash in the
 * README. A submission without data/ and without a declared hash has nothing to declare and
 * passes; data/ without a declared hash is data_hash_missing; a declared hash that is not the hash
 * of data/ (or data/ missing, or holding a symlink or special file) is data_hash_mismatch.
 */
export async function checkDataHash(dir: string): Promise<DataHashCheck> {
  const readme = await readReadme(dir);
  const declared = readme ? findDeclaredDataHash(readme.text) : null;
  const base = { declared, readme: readme?.name ?? null };
  const dataDir = join(dir, 'data');
  if (!(await exists(dataDir))) {
    if (declared === null) return { ...base, actual: null, ok: true };
    return {
      ...base,
      actual: null,
      ok: false,
      code: 'data_hash_mismatch',
      message: `${readme?.name} declares ${declared} but the submission has no data/ folder`,
    };
  }
  let actual: string;
  try {
    actual = hashDataDir(dataDir);
  } catch (error) {
    if (!isRpeError(error)) throw error;
    return { ...base, actual: null, ok: false, code: 'data_hash_mismatch', message: error.message };
  }
  if (declared === null) {
    const where = readme ? `${readme.name} declares no data hash` : 'the submission has no README';
    return {
      ...base,
      actual,
      ok: false,
      code: 'data_hash_missing',
      message: `${where}; add the line "Data hash: \`${actual}\`" to the README`,
    };
  }
  if (declared !== actual) {
    return {
      ...base,
      actual,
      ok: false,
      code: 'data_hash_mismatch',
      message: `${readme?.name} declares ${declared} but data/ hashes to ${actual}`,
    };
  }
  return { ...base, actual, ok: true };
}
