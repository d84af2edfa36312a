import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RpeError } from './errors.js';

/**
 * Writes a file whole or not at all: the text goes to a temporary file in the same folder, which
 * is then renamed over the target, so a failure (or a kill) never leaves a partial file behind.
 * Throws RpeError 'output_unwritable' (exit 2) naming the file.
 */
export function writeFileAtomic(path: string, text: string | Uint8Array): void {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.tmp`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (cause) {
    // When the folder itself cannot be made (a file stands in its path), neither can the
    // temporary file have been: its removal fails too, and must not hide the first error.
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was written there.
    }
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new RpeError('output_unwritable', `cannot write ${path}: ${reason}`, { cause });
  }
}
