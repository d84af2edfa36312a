import { createHash } from 'node:crypto';
import { RpeError, validateItems, type Item } from '../../framework/index.js';

/** One materialised set of a trial: what Test B calls a seed's set. */
export interface SeedSet {
  /** How reports name it: `seed 11`, or the file given to --sets. */
  label: string;
  /** The seed, or null for a file given to --sets without --seeds. */
  seed: number | null;
  /** The set's folder inside the trial folder, e.g. `seed-11`, relative to it. */
  folder: string;
  items: Item[];
  /** The family of every item, in item order, when a meta sidecar is known; else null. */
  families: string[] | null;
  /** sha256 of the items file's bytes. */
  sha256: string;
}

// `seed 11` and `seed-11` for a seed; the file and `set-2` for the second --sets file.
export function setNames(seed: number | null, index: number, file?: string) {
  return seed === null
    ? { label: file ?? `set ${index + 1}`, folder: `set-${index + 1}` }
    : { label: `seed ${seed}`, folder: `seed-${seed}` };
}

export function sha256(bytes: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/**
 * The items of a set, held to the official Track 1 format (50–200 items and every other rule),
 * since Test B scores only sets that pass it. A failure is RpeError `invalid_items` (exit 1)
 * naming the source, the line and the rule.
 */
export function officialItems(bytes: string | Uint8Array, source: string): Item[] {
  const result = validateItems(bytes);
  const first = result.errors[0];
  if (!first) return result.items;
  const where = first.line > 0 ? ` line ${first.line}` : '';
  const more =
    result.errors.length > 1
      ? ` (and ${result.errors.length - 1} more; rpe validate lists them)`
      : '';
  throw new RpeError('invalid_items', `${source}${where}: ${first.code}: ${first.message}${more}`, {
    exitCode: 1,
  });
}
