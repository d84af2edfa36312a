import { escapeXlsxText } from './escape-xlsx-text.js';
import type { ReviewTable } from './review-table.js';

const TEXT = '@';

/**
 * The review sheet as an XLSX workbook for a person: one sheet `items`, the header bold and
 * frozen with a filter, wrapped text aligned to the top, widths by column, and every cell but the
 * item number stored and formatted as text (numbers and leading apostrophes stay text, and so
 * does what the reviewer types). Strings are escaped so every character comes back on reading.
 */
export async function formatXlsx(table: ReviewTable): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'reverse-poleval';
  const sheet = workbook.addWorksheet('items', {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0, topLeftCell: 'A2' }],
  });
  sheet.columns = table.columns.map((c) => ({
    key: c.name,
    width: c.width,
    style: {
      numFmt: c.name === 'item' ? 'General' : TEXT,
      alignment: { wrapText: true, vertical: 'top' },
    },
  }));
  const header = sheet.addRow(table.columns.map((c) => escapeXlsxText(c.name)));
  header.font = { bold: true };
  for (const row of table.rows) {
    // An empty text is no value at all, so a spreadsheet sees a blank cell (COUNTA, Go To Blanks).
    sheet.addRow(
      row.map((cell) =>
        typeof cell !== 'string' ? cell : cell === '' ? null : escapeXlsxText(cell),
      ),
    );
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
