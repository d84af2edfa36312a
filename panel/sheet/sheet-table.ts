/**
 * One row of a sheet: its number as the spreadsheet shows it (the header is usually row 1) and its
 * cells as text. `problems[i]`, when set, says why cell i has no text a person would read the same
 * way everywhere (a date, a decimal number, an error value); it matters only for the columns used.
 */
export interface SheetRow {
  row: number;
  cells: string[];
  problems?: (string | undefined)[];
}

/** A sheet as read from a file: its rows in order, from the first row of the sheet on. */
export interface SheetTable {
  format: 'csv' | 'xlsx';
  /** The worksheet read (XLSX), else null. */
  sheet: string | null;
  /** The field delimiter (CSV, TSV), else null. */
  delimiter: string | null;
  rows: SheetRow[];
}

/** A finding about a sheet: the row it concerns (0 for the whole sheet), a stable code, a sentence. */
export interface SheetIssue {
  row: number;
  code: string;
  message: string;
}

// The spreadsheet name of a 0-based column index: A, B, ..., Z, AA, AB, ...
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
