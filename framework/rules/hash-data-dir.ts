import { createHash } from 'node:crypto';
import { closeSync, lstatSync, openSync, readdirSync, readSync, type Stats } from 'node:fs';
import { RpeError } from '../errors.js';

const CHUNK = 1 << 20;

const SLASH = Buffer.from('/');

// Paths are handled as bytes so a file name that is not UTF-8 still hashes as `find` prints it.
function shown(path: Buffer): string {
  return path.toString('utf8');
}

function unreadable(path: Buffer, error: unknown): RpeError {
  const reason = error instanceof Error ? error.message : String(error);
  return new RpeError('data_unreadable', `cannot read ${shown(path)}: ${reason}`, {
    exitCode: 2,
    cause: error,
  });
}

function statOf(path: Buffer): Stats {
  try {
    return lstatSync(path);
  } catch (error) {
    throw unreadable(path, error);
  }
}

function kind(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symlink';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

// Every regular file under `dir` as a path relative to it, in bytes, so odd names hash exactly.
function listFiles(dir: Buffer, prefix: Buffer, out: Buffer[]): void {
  let names: Buffer[];
  try {
    names = readdirSync(dir, { encoding: 'buffer' });
  } catch (error) {
    throw unreadable(dir, error);
  }
  for (const name of names) {
    const rel = prefix.length === 0 ? name : Buffer.concat([prefix, SLASH, name]);
    const path = Buffer.concat([dir, SLASH, name]);
    const stats = statOf(path);
    if (stats.isDirectory()) listFiles(path, rel, out);
    else if (stats.isFile()) out.push(rel);
    else {
      throw new RpeError(
        'data_unsafe_entry',
        `${shown(path)} is ${kind(stats)}; only regular files and folders are allowed under data/`,
        {
          exitCode: 1,
        },
      );
    }
  }
}

function hashFile(path: Buffer): string {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw unreadable(path, error);
  }
  try {
    for (
      let n = readSync(fd, buffer, 0, CHUNK, null);
      n > 0;
      n = readSync(fd, buffer, 0, CHUNK, null)
    ) {
      hash.update(buffer.subarray(0, n));
    }
  } catch (error) {
    throw unreadable(path, error);
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** One file of a data folder: its path relative to the folder and the hex sha256 of its bytes. */
export interface DataFileHash {
  path: string;
  sha256: string;
}

/**
 * The content hash of a data folder, `sha256:<64 hex>`, byte-identical to
 * `(cd data && find . -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 -r sha256sum --zero --)
 *  | tr '\0' '\n' | sha256sum`: one `<hex>  <path>` line per file, sorted by the bytes of the path.
 * A symlink or special file anywhere under the folder, or the folder itself a symlink, is
 * RpeError `data_unsafe_entry`; a missing folder is `data_missing`.
 */
export function hashDataDir(dir: string): string {
  return hashDataFiles(dir).hash;
}

// The data hash and each file's own sha256 (what `sha256sum` prints for it), read once.
export function hashDataFiles(dir: string): { hash: string; files: DataFileHash[] } {
  let top: Stats;
  try {
    top = lstatSync(dir);
  } catch (error) {
    throw new RpeError('data_missing', `${dir} does not exist`, { exitCode: 2, cause: error });
  }
  if (top.isSymbolicLink()) {
    throw new RpeError(
      'data_unsafe_entry',
      `${dir} is a symlink; the data folder must be a real folder`,
      {
        exitCode: 1,
      },
    );
  }
  if (!top.isDirectory())
    throw new RpeError('data_missing', `${dir} is not a folder`, { exitCode: 2 });
  const paths: Buffer[] = [];
  const root = Buffer.from(dir.replace(/\/+$/, '') || '/');
  listFiles(root, Buffer.alloc(0), paths);
  paths.sort(Buffer.compare);
  const listing = createHash('sha256');
  const files: DataFileHash[] = [];
  for (const rel of paths) {
    const digest = hashFile(Buffer.concat([root, SLASH, rel]));
    listing.update(Buffer.concat([Buffer.from(`${digest}  `), rel, Buffer.from('\n')]));
    files.push({ path: shown(rel), sha256: digest });
  }
  return { hash: `sha256:${listing.digest('hex')}`, files };
}
