import { extname } from 'node:path';
import { RpeError, checkWritablePath, readSource, writeFileAtomic } from '../../framework/index.js';
import { readDelimited } from './read-delimited.js';
import { readXlsx } from './read-xlsx.js';
import type { SheetIssue } from './sheet-table.js';
import { failedImport, sheetToItems, type SheetImportOptions } from './sheet-to-items.js';

export interface ImportSheetOptions extends SheetImportOptions {
  /** The sheet: .xlsx, .csv, .tsv (the content decides, not the name), or - for standard input. */
  file: string;
  /** items.jsonl to write, only when every row converts. */
  out: string;
  /** The worksheet of an XLSX workbook (default: the first). */
  sheet?: string;
  /** The field delimiter of a CSV (default: a tab for .tsv, else found from the header). */
  delimiter?: string;
}

/** What `rpe sheet import` reports; `out` is null when nothing was written. */
export interface ImportSheetReport {
  ok: boolean;
  file: string;
  out: string | null;
  format: 'csv' | 'xlsx';
  sheet: string | null;
  delimiter: string | null;
  header_row: number | null;
  /** Rows between the header and the empty rows at the end. */
  n_rows: number;
  /** Items written: n_rows when the sheet converts, else 0. */
  n_items: number;
  alias_layout: 'alias-columns' | 'aliases-column' | 'none';
  ignored_columns: string[];
  errors: SheetIssue[];
  warnings: SheetIssue[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

function usage(message: string): RpeError {
  return new RpeError('usage', message, { exitCode: 2 });
}

/**
 * Converts a team's sheet to items.jsonl under the official rules and writes it (atomically) only
 * when every row converts; the report names each problem's sheet row. An unreadable file, an old
 * .xls or .ods workbook, or an option that does not fit the format is RpeError (exit 2).
 */
export async function importSheet(options: ImportSheetOptions): Promise<ImportSheetReport> {
  const source = options.file === '-' ? 'standard input' : options.file;
  // Before any work, and never over the sheet itself: --out s.csv would replace it with JSONL.
  checkWritablePath(options.out, 'file', { inputs: options.file === '-' ? [] : [options.file] });
  const bytes = readSource(options.file);
  const ext = extname(options.file).toLowerCase();
  if (startsWith(bytes, OLE) || ext === '.xls' || ext === '.ods') {
    throw new RpeError(
      'sheet_format',
      `${source}: an .xls or .ods workbook; save it as .xlsx (or CSV UTF-8) and import that`,
    );
  }
  const isXlsx = startsWith(bytes, ZIP) || ext === '.xlsx' || ext === '.xlsm';
  if (isXlsx && options.delimiter !== undefined) {
    throw usage(`--delimiter applies to CSV and TSV files; ${source} is an XLSX workbook`);
  }
  if (!isXlsx && options.sheet !== undefined) {
    throw usage(`--sheet applies to XLSX workbooks; ${source} is a CSV or TSV file`);
  }
  const read = isXlsx
    ? {
        table: await readXlsx(bytes, {
          source,
          ...(options.sheet !== undefined ? { sheet: options.sheet } : {}),
        }),
        issues: [],
      }
    : readDelimited(bytes, {
        ...(options.delimiter !== undefined ? { delimiter: options.delimiter } : {}),
        tab: ext === '.tsv' || ext === '.tab',
        source,
      });
  const { minItems, maxItems } = options;
  const limits = {
    ...(minItems !== undefined ? { minItems } : {}),
    ...(maxItems !== undefined ? { maxItems } : {}),
  };
  const result = read.table ? sheetToItems(read.table, limits) : failedImport(read.issues);
  if (result.jsonl !== null) writeFileAtomic(options.out, result.jsonl);
  return {
    ok: result.ok,
    file: options.file,
    out: result.ok ? options.out : null,
    format: isXlsx ? 'xlsx' : 'csv',
    sheet: read.table?.sheet ?? null,
    delimiter: read.table?.delimiter ?? null,
    header_row: result.header_row,
    n_rows: result.n_rows,
    n_items: result.items.length,
    alias_layout: result.alias_layout,
    ignored_columns: result.ignored_columns,
    errors: result.errors,
    warnings: result.warnings,
  };
}
