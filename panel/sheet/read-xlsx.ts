import type { Workbook, Worksheet } from 'exceljs';
import { RpeError } from '../../framework/index.js';
import type { SheetRow, SheetTable } from './sheet-table.js';
import { xlsxCellText } from './xlsx-cell-text.js';

async function loadWorkbook(bytes: Uint8Array, source: string): Promise<Workbook> {
  // Loaded on use: exceljs is large, and only the sheet commands need it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its argument as an ArrayBuffer-like Buffer; an exact copy of the bytes is one.
    const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    await workbook.xlsx.load(data as Parameters<Workbook['xlsx']['load']>[0]);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new RpeError('sheet_unreadable', `${source}: not a readable XLSX workbook (${reason})`, {
      cause,
    });
  }
  return workbook;
}

function pickSheet(workbook: Workbook, name: string | undefined, source: string): Worksheet {
  const sheets = workbook.worksheets;
  const sheet = name === undefined ? sheets[0] : sheets.find((s) => s.name === name);
  if (sheet) return sheet;
  const names = sheets.map((s) => `"${s.name}"`).join(', ');
  throw new RpeError(
    'sheet_not_found',
    name === undefined
      ? `${source}: the workbook has no worksheet`
      : `${source}: no worksheet named "${name}" (the workbook has ${names || 'none'})`,
  );
}

/**
 * Reads one worksheet of an XLSX workbook (the first, or the one named `sheet`) into rows of text,
 * numbered as the spreadsheet numbers them; a row the file leaves out is an empty row. A file
 * that is not a workbook, or a sheet name it lacks, is RpeError (exit 2) naming the file.
 */
export async function readXlsx(
  bytes: Uint8Array,
  options: { source: string; sheet?: string },
): Promise<SheetTable> {
  const workbook = await loadWorkbook(bytes, options.source);
  const worksheet = pickSheet(workbook, options.sheet, options.source);
  const present = new Map<number, SheetRow>();
  let last = 0;
  worksheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    const problems: (string | undefined)[] = [];
    for (let column = 1; column <= row.cellCount; column++) {
      const read = xlsxCellText(row.getCell(column));
      cells.push('text' in read ? read.text : '');
      problems.push('problem' in read ? read.problem : undefined);
    }
    const hasProblem = problems.some((p) => p !== undefined);
    present.set(number, { row: number, cells, ...(hasProblem ? { problems } : {}) });
    last = Math.max(last, number);
  });
  const rows: SheetRow[] = [];
  for (let n = 1; n <= last; n++) rows.push(present.get(n) ?? { row: n, cells: [] });
  return { format: 'xlsx', sheet: worksheet.name, delimiter: null, rows };
}
