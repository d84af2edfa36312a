import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { isRpeError } from '../../framework/index.js';
import { readXlsx } from './read-xlsx.js';

async function workbook(fill: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('readXlsx', () => {
  it('reads multiline text, an integer gold as its digits and rich text; rows keep their numbers', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Arkusz1');
      ws.addRow(['input', 'gold']);
      ws.addRow(['Pierwsza linia\nDruga linia', 12]);
      ws.getCell('A4').value = {
        richText: [{ text: 'pogru' }, { text: 'bione', font: { bold: true } }],
      };
      ws.getCell('B4').value = { formula: 'LOWER("KOT")', result: 'kot' };
      ws.getCell('A5').value = '  spacje i\ttab  ';
      ws.getCell('B5').value = -3;
      ws.getCell('B5').numFmt = '0';
    });
    const table = await readXlsx(bytes, { source: 'a.xlsx' });
    expect(table.sheet).toBe('Arkusz1');
    expect(table.rows).toEqual([
      { row: 1, cells: ['input', 'gold'] },
      { row: 2, cells: ['Pierwsza linia\nDruga linia', '12'] },
      { row: 3, cells: [] },
      { row: 4, cells: ['pogrubione', 'kot'] },
      { row: 5, cells: ['  spacje i\ttab  ', '-3'] },
    ]);
  });

  it('gives no guessed text for values a spreadsheet shows by language or format', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('a');
      ws.addRow([3.5, new Date(Date.UTC(2026, 4, 1)), true, { error: '#N/A' }]);
      ws.addRow([0.25, 123456789012, { formula: 'A1*2' }, 'scalone']);
      ws.getCell('A2').numFmt = '0%';
      ws.mergeCells('D2:E2');
    });
    const [first, second] = (await readXlsx(bytes, { source: 'a.xlsx' })).rows;
    expect(first?.cells).toEqual(['', '', '', '']);
    expect(first?.problems).toEqual([
      expect.stringMatching(/^the number 3\.5, which spreadsheets show with a decimal comma/),
      expect.stringMatching(/^a date \(2026-05-01\)/),
      expect.stringMatching(/^the truth value TRUE/),
      expect.stringMatching(/^the error value #N\/A/),
    ]);
    expect(second?.problems).toEqual([
      expect.stringMatching(/^the number 0\.25 shown with the format "0%"/),
      expect.stringMatching(/^the number 123456789012, which spreadsheets show rounded/),
      expect.stringMatching(/^a formula with no saved result/),
      undefined,
      expect.stringMatching(/^part of the merged cells starting at D2/),
    ]);
    expect(second?.cells[3]).toBe('scalone');
  });

  it('reads the first sheet in tab order, or the one named', async () => {
    const bytes = await workbook((wb) => {
      wb.addWorksheet('pierwszy').addRow(['input']);
      wb.addWorksheet('drugi').addRow(['gold']);
    });
    expect((await readXlsx(bytes, { source: 'a.xlsx' })).rows[0]?.cells).toEqual(['input']);
    const second = await readXlsx(bytes, { source: 'a.xlsx', sheet: 'drugi' });
    expect([second.sheet, second.rows[0]?.cells]).toEqual(['drugi', ['gold']]);
    const missing = await readXlsx(bytes, { source: 'a.xlsx', sheet: 'trzeci' }).catch((e) => e);
    expect(isRpeError(missing) && missing.message).toBe(
      'a.xlsx: no worksheet named "trzeci" (the workbook has "pierwszy", "drugi")',
    );
  });

  it('refuses a file that is not a workbook, naming it', async () => {
    const error = await readXlsx(new TextEncoder().encode('input,gold\n'), {
      source: 'b.xlsx',
    }).catch((e) => e);
    expect(isRpeError(error) && [error.code, error.exitCode]).toEqual(['sheet_unreadable', 2]);
    expect((error as Error).message).toMatch(/^b\.xlsx: not a readable XLSX workbook/);
  });
});
