import { extname } from 'node:path';
import { RpeError, checkWritablePath, readSource, writeFileAtomic } from '../../framework/index.js';
import { readItemsFile } from '../items/index.js';
import { formatDelimited } from './format-delimited.js';
import { formatXlsx } from './format-xlsx.js';
import { readSheetMeta } from './read-sheet-meta.js';
import { reviewTable } from './review-table.js';
import { sampleItemNumbers } from './sample-item-numbers.js';

export interface ExportSheetOptions {
  /** items.jsonl to export. */
  items: string;
  /** The sidecar of `rpe generate --meta`: family, phenomenon, lemma, tag per item. */
  meta?: string;
  /** The sheet to write: .xlsx, .csv or .tsv. */
  out: string;
  /** Export this many items drawn at random (with `seed`) instead of all. */
  sample?: { size: number; seed: number };
}

/** What `rpe sheet export` reports. */
export interface ExportSheetReport {
  out: string;
  format: 'xlsx' | 'csv' | 'tsv';
  n_items: number;
  n_rows: number;
  /** The item numbers written, in order. */
  items: number[];
  sample: { size: number; seed: number } | null;
  meta: string | null;
}

// The format of the sheet to write, from the name of --out.
function outFormat(out: string): ExportSheetReport['format'] {
  const ext = extname(out).toLowerCase();
  if (ext === '.xlsx') return 'xlsx';
  if (ext === '.csv') return 'csv';
  if (ext === '.tsv' || ext === '.tab') return 'tsv';
  throw new RpeError('usage', `--out must end in .xlsx, .csv or .tsv, got "${out}"`);
}

/**
 * Writes items (all, or a reproducible random sample) as a review sheet: one row per item with
 * its number, input, gold and aliases, with the meta sidecar its family, lemma, tag and
 * phenomenon, and empty `ok` and `comment` columns. Bad items or meta are RpeError (exit 2).
 */
export async function exportSheet(options: ExportSheetOptions): Promise<ExportSheetReport> {
  const format = outFormat(options.out);
  checkWritablePath(options.out, 'file', {
    inputs: [options.items, ...(options.meta ? [options.meta] : [])],
  });
  const items = readItemsFile(options.items);
  const meta = options.meta ? readSheetMeta(readSource(options.meta), options.meta) : undefined;
  if (meta && meta.length !== items.length) {
    throw new RpeError(
      'meta_mismatch',
      `${options.meta} has ${meta.length} lines but ${options.items} has ${items.length} items`,
    );
  }
  const numbers = options.sample
    ? sampleItemNumbers(items.length, options.sample.size, options.sample.seed)
    : items.map((_, i) => i + 1);
  const table = reviewTable(items, { numbers, ...(meta ? { meta } : {}) });
  const bytes =
    format === 'xlsx'
      ? await formatXlsx(table)
      : formatDelimited(table, format === 'csv' ? ',' : '\t');
  writeFileAtomic(options.out, bytes);
  return {
    out: options.out,
    format,
    n_items: items.length,
    n_rows: numbers.length,
    items: numbers,
    sample: options.sample ?? null,
    meta: options.meta ?? null,
  };
}
