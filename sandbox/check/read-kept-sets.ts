import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileKind, RpeError } from '../../framework/index.js';
import type { Report } from './report-schema.js';

function unsafe(path: string, seed: number, what: string): RpeError {
  return new RpeError(
    'receipt_unsafe_path',
    `${path} (the kept set of seed ${seed}) ${what}; a receipt's kept sets must be regular files beside it`,
  );
}

// The bytes of one kept set, or null when it is not there. Only a regular file is opened (not a
// symlink, pipe or device), without following a link swapped in meanwhile, and never more than
// `max` bytes are read.
function readKeptSet(path: string, seed: number, max: number): Buffer | null {
  let stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw unsafe(path, seed, `cannot be read: ${(error as Error).message}`);
  }
  if (!stats.isFile()) throw unsafe(path, seed, `is ${fileKind(stats)}, not a regular file`);
  if (stats.size > max) throw unsafe(path, seed, `is larger than the output limit (${max} bytes)`);
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.ino !== stats.ino || opened.dev !== stats.dev) {
      throw unsafe(path, seed, 'changed while it was opened');
    }
    const buffer = Buffer.alloc(max + 1);
    let total = 0;
    for (let n = 1; n > 0 && total <= max; total += n) {
      n = readSync(fd, buffer, total, buffer.length - total, null);
    }
    if (total > max) throw unsafe(path, seed, `is larger than the output limit (${max} bytes)`);
    return buffer.subarray(0, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * The sets a receipt keeps beside itself, read before anything runs: by seed, the bytes, or null
 * for a set the receipt names that is not there (a receipt copied alone). A kept set is a run's
 * output, so one larger than the receipt's output limit is refused, as is anything but a regular
 * file: exit 2, one line. Its name was checked by the schema (a plain name, no `/`).
 */
export function readKeptSets(receiptFile: string, report: Report): Map<number, Buffer | null> {
  const kept = new Map<number, Buffer | null>();
  for (const seed of report.seeds) {
    if (!seed.set) continue;
    const path = join(dirname(receiptFile), seed.set.file);
    kept.set(seed.seed, readKeptSet(path, seed.seed, report.limits.output_bytes));
  }
  return kept;
}
