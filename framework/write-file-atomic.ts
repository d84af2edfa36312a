import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RpeError, isRpeError } from './errors.js';
import { tryMakeFolders } from './make-folders.js';
import { systemReason } from './system-reason.js';

/** One file to write: its path and its whole content. */
export interface FileToWrite {
  path: string;
  text: string | Uint8Array;
}

// A new name beside the target that no one can guess and plant a link at beforehand.
function tempPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(12).toString('hex')}.tmp`);
}

/**
 * Creates the temporary file and fills it. O_EXCL makes the open fail on anything already there
 * (a file or a symbolic link planted at the name), and O_NOFOLLOW refuses a link in any case, so
 * the text never goes anywhere but into a new file of ours.
 */
function writeExclusive(temp: string, text: string | Uint8Array): void {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const fd = openSync(temp, flags, 0o666);
  try {
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

// Cleaning up after a failure must not hide it (a temporary path under a file throws ENOTDIR).
function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Nothing was created there.
  }
}

function unwritable(path: string, reason: string, cause?: unknown): RpeError {
  return new RpeError('output_unwritable', `cannot write ${path}: ${reason}`, { cause });
}

/**
 * Writes several files all or none, as npm's write-file-atomic writes one: every text goes to a
 * temporary file beside its target, created exclusively under an unguessable name, and only when
 * all of them are written are they renamed into place (a rename replaces a link at the target
 * rather than writing through it). A failure (a folder where a file should go, a full disk) leaves
 * no file behind, not even the ones that could be written, nor a folder it made for them.
 * Throws RpeError 'output_unwritable' (exit 2) naming the file.
 */
export function writeFilesAtomic(files: readonly FileToWrite[]): void {
  const temps = new Map<string, string>();
  const madeFolders: string[] = [];
  let current = '';
  try {
    for (const { path, text } of files) {
      current = path;
      // Found now, not at the rename, when an earlier file would already be in place.
      if (lstatSync(path, { throwIfNoEntry: false })?.isDirectory()) {
        throw unwritable(path, 'it is a folder');
      }
      const made = tryMakeFolders(dirname(path));
      if (!made.ok) throw unwritable(path, made.reason, made.cause);
      if (made.made) madeFolders.push(made.made);
      const temp = tempPath(path);
      temps.set(path, temp);
      writeExclusive(temp, text);
    }
    for (const { path } of files) {
      current = path;
      renameSync(temps.get(path) ?? '', path);
      temps.delete(path);
    }
  } catch (cause) {
    for (const temp of temps.values()) removeQuietly(temp);
    for (const folder of madeFolders.reverse()) removeQuietly(folder);
    if (isRpeError(cause)) throw cause;
    throw unwritable(current, systemReason(cause), cause);
  }
}

/**
 * Writes a file whole or not at all: the text goes to a new temporary file in the same folder,
 * which is then renamed over the target, so a failure (or a kill) never leaves a partial file
 * behind, and nothing planted beside the target is written through.
 * Throws RpeError 'output_unwritable' (exit 2) naming the file.
 */
export function writeFileAtomic(path: string, text: string | Uint8Array): void {
  writeFilesAtomic([{ path, text }]);
}
