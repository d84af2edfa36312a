import { CsvError, parse } from 'csv-parse/sync';
import { normalize } from '../../framework/index.js';
import { SHEET_CAPS, capExceeded } from './sheet-caps.js';
import type { SheetIssue, SheetTable } from './sheet-table.js';

/** Delimiters tried, in this order, when none is given: the header row decides. */
const CANDIDATES = [',', ';', '\t'] as const;

const strict = new TextDecoder('utf-8', { fatal: true });

// The 1-based line of the first byte sequence that is not UTF-8.
function firstBadLine(bytes: Uint8Array): number {
  let start = 0;
  let line = 1;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        strict.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      start = i + 1;
      line++;
    }
  }
  return line;
}

function parseRecords(text: string, delimiter: string, to?: number): string[][] {
  return parse(text, {
    delimiter,
    relax_column_count: true,
    // A quote inside an unquoted field is text, as spreadsheets read it (say "tak" today).
    relax_quotes: true,
    skip_empty_lines: false,
    // One record past the cap is read, to tell a sheet at the cap from one above it.
    to: Math.min(to ?? SHEET_CAPS.rows + 1, SHEET_CAPS.rows + 1),
  });
}

// The delimiter whose split of the first non-empty row names an input or gold column.
function detectDelimiter(text: string): string {
  for (const delimiter of CANDIDATES) {
    let records: string[][];
    try {
      records = parseRecords(text, delimiter, 20);
    } catch {
      continue;
    }
    const header = records.find((r) => r.some((cell) => normalize(cell) !== ''));
    const names = new Set(header?.map((cell) => normalize(cell).toLowerCase()));
    if (names.has('input') || names.has('gold')) return delimiter;
  }
  return ',';
}

/**
 * Reads a CSV or TSV file (UTF-8, with or without a byte order mark, any line ends) into rows of
 * text. Record n is row n, as a spreadsheet numbers it: a quoted line break stays in its cell. One
 * leading apostrophe is dropped from every cell: it is the mark spreadsheets and exporters put
 * before text that would otherwise be read as a number or a formula. The delimiter is `delimiter`,
 * else a tab for `tab`, else whichever of , ; and tab splits the header into known column names.
 */
export function readDelimited(
  bytes: Uint8Array,
  options: { delimiter?: string; tab?: boolean; source?: string } = {},
): { table: SheetTable | null; issues: SheetIssue[] } {
  const source = options.source ?? 'the sheet';
  let text: string;
  try {
    // The decoder drops a leading byte order mark.
    text = strict.decode(bytes);
  } catch {
    const line = firstBadLine(bytes);
    const message = `line ${line} is not UTF-8; save the sheet as "CSV UTF-8" or as XLSX`;
    return { table: null, issues: [{ row: 0, code: 'not_utf8', message }] };
  }
  const delimiter = options.delimiter ?? (options.tab ? '\t' : detectDelimiter(text));
  let records: string[][];
  try {
    records = parseRecords(text, delimiter);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const details = error as CsvError & { records?: number; lines?: number };
    const row = (details.records ?? 0) + 1;
    const reason = error.message.replace(/^[^:]*: /, '');
    return { table: null, issues: [{ row, code: 'csv_syntax', message: reason }] };
  }
  checkCaps(records, source);
  const rows = records.map((cells, i) => ({
    row: i + 1,
    cells: cells.map((cell) => (cell.startsWith("'") ? cell.slice(1) : cell)),
  }));
  return { table: { format: 'csv', sheet: null, delimiter, rows }, issues: [] };
}

// The caps on rows, columns and cell text, as for a workbook: one line naming the row and cap.
function checkCaps(records: readonly string[][], source: string): void {
  if (records.length > SHEET_CAPS.rows) {
    throw capExceeded(
      source,
      { row: records.length },
      `more than the cap of ${SHEET_CAPS.rows} rows`,
    );
  }
  records.forEach((cells, i) => {
    const over = (what: string) => capExceeded(source, { row: i + 1 }, what);
    if (
      cells.length > SHEET_CAPS.columns &&
      cells.slice(SHEET_CAPS.columns).some((c) => c !== '')
    ) {
      throw over(`a value beyond the cap of ${SHEET_CAPS.columns} columns`);
    }
    const long = cells.findIndex((c) => c.length > SHEET_CAPS.cellChars);
    if (long >= 0) {
      throw over(
        `column ${long + 1} holds ${cells[long]?.length} characters, above the cap of ${SHEET_CAPS.cellChars}`,
      );
    }
  });
}
