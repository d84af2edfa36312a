import { RpeError } from '../../framework/index.js';

/**
 * How much of a sheet is read, checked as it is read: each cap is far above what a set of the
 * task's at most 200 items with inputs of at most 2,000 characters needs, and low enough that no
 * file drives an import above a few hundred MB, whatever it claims or unpacks to.
 */
export const SHEET_CAPS = Object.freeze({
  /** The highest row number read (a header, 200 items, and room for notes). */
  rows: 10_000,
  /** The highest column read (the review sheet has 10). */
  columns: 100,
  /** Characters in one cell (an input has at most 2,000). */
  cellChars: 20_000,
  /** Parts (files) in a workbook's zip. */
  parts: 1_000,
  /** Bytes one part of a workbook unpacks to. */
  partBytes: 16 * 1024 * 1024,
  /** Bytes all parts together unpack to. */
  workbookBytes: 48 * 1024 * 1024,
  /** How many times larger than its packed size a part of more than a MiB may unpack to. */
  partRatio: 200,
});

/**
 * A cap hit while reading a sheet: RpeError `sheet_too_large` (exit 2), one line naming the
 * file, the sheet and row where there is one, and the cap.
 */
export function capExceeded(
  source: string,
  where: { sheet?: string | null; row?: number; part?: string },
  what: string,
): RpeError {
  const place = [
    where.sheet ? `sheet "${where.sheet}"` : null,
    where.row !== undefined ? `row ${where.row}` : null,
    where.part ? `part ${where.part}` : null,
  ].filter((p) => p !== null);
  const at = place.length ? `${place.join(', ')}: ` : '';
  return new RpeError('sheet_too_large', `${source}: ${at}${what}; nothing was imported`);
}
