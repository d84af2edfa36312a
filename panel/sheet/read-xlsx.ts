import { Readable } from 'node:stream';
import type { Row } from 'exceljs';
import { RpeError, isRpeError } from '../../framework/index.js';
import { inspectXlsxZip } from './inspect-xlsx-zip.js';
import { mergedCellIndex, type MergedCellIndex } from './merged-cell-index.js';
import { SHEET_CAPS, capExceeded } from './sheet-caps.js';
import type { SheetRow, SheetTable } from './sheet-table.js';
import { xlsxCellText } from './xlsx-cell-text.js';

/** What the streaming reader knows of the workbook once it emits a worksheet (untyped in exceljs). */
interface ReaderState {
  model?: { sheets?: { name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
}

/**
 * The streaming reader's zip parser (unzipper's Parse) ends its stream as soon as it has read the
 * zip directory, while the last parts it found may still wait in its buffer: those parts are
 * lost, at random. When they are xl/workbook.xml and its relationships, which openpyxl writes
 * last, the sheets lose their names (a wrong sheet, or "no worksheet"). A part of 1 MiB of zeros
 * after the last one holds the parser back until the reader has taken every real part; the
 * reader skips it as an unknown part. Its name and data only ever reach the reader.
 */
function holdBackPart(): Buffer {
  const name = Buffer.from('rpe/hold-back');
  const size = 1024 * 1024;
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0); // a local file header
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt32LE(size, 18); // stored (method 0): packed size
  header.writeUInt32LE(size, 22); // and size
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, Buffer.alloc(size)]);
}

function unreadable(source: string, cause: unknown): RpeError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new RpeError('sheet_unreadable', `${source}: not a readable XLSX workbook (${reason})`, {
    cause,
  });
}

// The zip part of a worksheet, from the workbook's relationships: `xl/worksheets/sheet1.xml`.
function partOf(state: ReaderState, name: string): string | null {
  const rId = state.model?.sheets?.find((s) => s.name === name)?.rId;
  const target = state.workbookRels?.find((r) => r.Id === rId)?.Target;
  return target ? `xl/${target.replace(/^\/?xl\//, '').replace(/^\//, '')}` : null;
}

// A worksheet's tab name, through the relationship that points at its part: exceljs names a
// worksheet whose part comes before xl/workbook.xml in the zip (as openpyxl writes them) `SheetN`.
function nameOf(state: ReaderState, worksheet: { id: number; name: string }): string {
  const part = `worksheets/sheet${worksheet.id}.xml`;
  const rel = state.workbookRels?.find((r) => r.Target.replace(/^\/?(xl\/)?/, '') === part);
  return state.model?.sheets?.find((s) => s.rId === rel?.Id)?.name ?? worksheet.name;
}

/**
 * Reads one worksheet of an XLSX workbook (the first in tab order, or the one named `sheet`) into
 * rows of text, numbered as the spreadsheet numbers them; a row the file leaves out is an empty
 * row. The workbook is read as a stream (exceljs's streaming reader) after its zip is checked
 * against the caps, and the rows are checked against them as they come, so no file, however
 * large it claims or unpacks to, holds more than the caps in memory. A file that is not a
 * workbook, a sheet name it lacks, or a cap hit is RpeError (exit 2) naming the file.
 */
export async function readXlsx(
  bytes: Uint8Array,
  options: { source: string; sheet?: string },
): Promise<SheetTable> {
  const { source } = options;
  const { merges, partsEnd } = inspectXlsxZip(bytes, source);
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const held = Buffer.concat([
    whole.subarray(0, partsEnd),
    holdBackPart(),
    whole.subarray(partsEnd),
  ]);
  // Loaded on use: exceljs is large, and only the sheet commands need it.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([held]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const state = reader as unknown as ReaderState;
  // The wanted sheet's table. A workbook whose sheets come before workbook.xml (openpyxl's) has
  // them in temporary files: the reader opens each as the loop asks for it and removes it when
  // asked for the next, whether or not it was read. So the loop runs to its end rather than
  // returning (leaving early removes the files while the reader may still open the next one),
  // and every other sheet is read through, unused: a file removed before its open was done is an
  // uncaught ENOENT.
  let found: SheetTable | undefined;
  try {
    for await (const worksheet of reader) {
      const name = nameOf(state, worksheet as unknown as { id: number; name: string });
      const wanted = options.sheet ?? state.model?.sheets?.[0]?.name ?? name;
      if (found || name !== wanted) {
        await drain(worksheet as unknown as AsyncIterable<Row>);
        continue;
      }
      const part = partOf(state, name);
      const index = mergedCellIndex(part ? (merges.get(part) ?? []) : [], () =>
        capExceeded(source, { sheet: name }, 'its merged ranges cover more cells than the caps'),
      );
      const rows = await readRows(worksheet, { source, sheet: name, merged: index });
      found = { format: 'xlsx', sheet: name, delimiter: null, rows };
    }
    if (found) return found;
  } catch (cause) {
    if (isRpeError(cause)) throw cause;
    throw unreadable(source, cause);
  }
  const names = (state.model?.sheets ?? []).map((s) => `"${s.name}"`).join(', ');
  throw new RpeError(
    'sheet_not_found',
    options.sheet === undefined
      ? `${source}: the workbook has no worksheet`
      : `${source}: no worksheet named "${options.sheet}" (the workbook has ${names || 'none'})`,
  );
}

// Reads a worksheet to its end without keeping anything of it: its rows are not checked against
// the caps, but the zip's were (inspectXlsxZip), so the time this takes is bounded all the same.
async function drain(worksheet: AsyncIterable<Row>): Promise<void> {
  for await (const row of worksheet) void row;
}

async function readRows(
  worksheet: AsyncIterable<Row>,
  where: { source: string; sheet: string; merged: MergedCellIndex },
): Promise<SheetRow[]> {
  const present = new Map<number, SheetRow>();
  let last = 0;
  let previous = 0;
  for await (const row of worksheet) {
    // A row without its number follows the one before, as spreadsheets read it.
    const number = Number.isSafeInteger(row.number) && row.number > 0 ? row.number : previous + 1;
    previous = number;
    // The values first, for the caps: a row of empty cells (formatting only) is no row at all.
    let width = 0;
    row.eachCell({ includeEmpty: false }, (_cell, column) => {
      if (number > SHEET_CAPS.rows || column > SHEET_CAPS.columns) {
        const cap =
          number > SHEET_CAPS.rows ? `${SHEET_CAPS.rows} rows` : `${SHEET_CAPS.columns} columns`;
        throw capExceeded(
          where.source,
          { sheet: where.sheet, row: number },
          `a value beyond the cap of ${cap}`,
        );
      }
      width = Math.max(width, column);
    });
    if (width === 0) continue;
    width = Math.max(width, Math.min(row.cellCount, SHEET_CAPS.columns));
    const cells: string[] = [];
    const problems: (string | undefined)[] = [];
    for (let column = 1; column <= width; column++) {
      const cell = row.getCell(column);
      const read = xlsxCellText(cell.value, cell.numFmt, where.merged.masterOf(number, column));
      const text = 'text' in read ? read.text : '';
      if (text.length > SHEET_CAPS.cellChars) {
        throw capExceeded(
          where.source,
          { sheet: where.sheet, row: number },
          `column ${column} holds ${text.length} characters, above the cap of ${SHEET_CAPS.cellChars}`,
        );
      }
      cells.push(text);
      problems.push('problem' in read ? read.problem : undefined);
    }
    const hasProblem = problems.some((p) => p !== undefined);
    present.set(number, { row: number, cells, ...(hasProblem ? { problems } : {}) });
    last = Math.max(last, number);
  }
  const rows: SheetRow[] = [];
  for (let n = 1; n <= last; n++) rows.push(present.get(n) ?? { row: n, cells: [] });
  return rows;
}
