import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RpeError } from './errors.js';
import { systemReason } from './system-reason.js';

/** One file to write: its path and its whole content. */
export interface FileToWrite {
  path: string;
  text: string | Uint8Array;
}

function tempPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
}

// Cleaning up after a failure must not hide it (a temporary path under a file throws ENOTDIR).
function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Nothing was created there.
  }
}

function unwritable(path: string, cause: unknown): RpeError {
  return new RpeError('output_unwritable', `cannot write ${path}: ${systemReason(cause)}`, {
    cause,
  });
}

/**
 * Writes several files all or none: every text goes to a temporary file beside its target first,
 * and only when all of them are written are they renamed into place, so a failure (a folder where
 * a file should go, a full disk) leaves no file behind, not even the ones that could be written,
 * nor a folder it made for them.
 * Throws RpeError 'output_unwritable' (exit 2) naming the file.
 */
export function writeFilesAtomic(files: readonly FileToWrite[]): void {
  const written: string[] = [];
  const madeFolders: string[] = [];
  let current = '';
  try {
    for (const { path, text } of files) {
      current = path;
      // Found now, not at the rename, when an earlier file would already be in place.
      if (lstatSync(path, { throwIfNoEntry: false })?.isDirectory())
        throw new Error('it is a folder');
      const made = mkdirSync(dirname(path), { recursive: true });
      if (made) madeFolders.push(made);
      writeFileSync(tempPath(path), text);
      written.push(tempPath(path));
    }
    for (const { path } of files) {
      current = path;
      renameSync(tempPath(path), path);
    }
  } catch (cause) {
    for (const temp of [...written, tempPath(current)]) removeQuietly(temp);
    for (const folder of madeFolders.reverse()) removeQuietly(folder);
    throw unwritable(current, cause);
  }
}

/**
 * Writes a file whole or not at all: the text goes to a temporary file in the same folder, which
 * is then renamed over the target, so a failure (or a kill) never leaves a partial file behind.
 * Throws RpeError 'output_unwritable' (exit 2) naming the file.
 */
export function writeFileAtomic(path: string, text: string | Uint8Array): void {
  writeFilesAtomic([{ path, text }]);
}
