import fs, { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRpeError, packagePath } from '../../framework/index.js';
import {
  row as xmlRow,
  workbook as hostileWorkbook,
} from '../../tests/cli/bad-input/hostile-xlsx.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';
import { readXlsx } from './read-xlsx.js';

async function workbook(fill: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('readXlsx', () => {
  const scratch = temporaryFolder('rpe-read-xlsx-');
  const tmpdirBefore = process.env.TMPDIR;
  afterEach(() => {
    vi.restoreAllMocks();
    if (tmpdirBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdirBefore;
  });

  // openpyxl writes xl/workbook.xml and its relationships last; the streaming reader's zip parser
  // used to drop the last parts at random, and the sheets then had no names (a wrong sheet, or
  // "no worksheet"). The worksheets wait in temporary files meanwhile: in a deeper temporary
  // folder than /tmp, most reads failed. Forty reads, each of them right.
  it('reads an openpyxl workbook, whose workbook part comes last, the same every time', async () => {
    const bytes = readFileSync(packagePath('tests', 'fixtures', 'sheet', 'openpyxl-workbook.xlsx'));
    const deep = join(scratch, 'a', 'deeper', 'temporary', 'folder');
    mkdirSync(deep, { recursive: true });
    process.env.TMPDIR = deep;
    const sheets = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const name = await readXlsx(bytes, { source: 'o.xlsx' }).then(
        (table) => `${table.sheet} (${table.rows.length} rows)`,
        (error: Error) => error.message,
      );
      sheets.set(name, (sheets.get(name) ?? 0) + 1);
    }
    expect(Object.fromEntries(sheets)).toEqual({ 'Pozycje (5 rows)': 40 });
  });

  // The reader unpacks such worksheets to temporary files, opens each as the loop asks for it and
  // removes it when asked for the next. A worksheet skipped unread (not the wanted one) was removed
  // while its file's open was still under way, at random: an uncaught ENOENT. Here every open of a
  // temporary file waits 50 ms, so a removal that does not wait for the read always comes first.
  it('reads each worksheet kept in a temporary file before that file is removed', async () => {
    const bytes = readFileSync(packagePath('tests', 'fixtures', 'sheet', 'openpyxl-workbook.xlsx'));
    const deep = join(scratch, 'slow-open');
    mkdirSync(deep, { recursive: true });
    process.env.TMPDIR = deep;
    const open = fs.open;
    vi.spyOn(fs, 'open').mockImplementation(((path: fs.PathLike, ...rest: unknown[]) => {
      const go = () => (open as (...args: unknown[]) => void)(path, ...rest);
      if (String(path).startsWith(deep)) setTimeout(go, 50);
      else go();
    }) as typeof fs.open);
    const failures: unknown[] = [];
    const onError = (error: unknown) => failures.push(error);
    process.on('uncaughtException', onError);
    try {
      for (const sheet of [undefined, 'Robocze']) {
        const table = await readXlsx(bytes, { source: 'o.xlsx', sheet });
        expect(table.sheet).toBe(sheet ?? 'Pozycje');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(failures).toEqual([]);
    expect(readdirSync(deep)).toEqual([]);
  });

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

  it('refuses a worksheet or shared strings part cut short, rather than reading part of it', async () => {
    const rows = Array.from({ length: 40 }, (_, i) =>
      xmlRow(i + 1, [`Pytanie ${i + 1}`, `odp${i + 1}`]),
    ).join('');
    const whole = hostileWorkbook(rows);
    expect((await readXlsx(whole, { source: 'w.xlsx' })).rows).toHaveLength(40);
    const sheet = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
    );
    const cut = hostileWorkbook('', { sheet: { content: sheet.subarray(0, sheet.length / 2) } });
    const error = await readXlsx(cut, { source: 'c.xlsx' }).catch((e) => e);
    expect(isRpeError(error) && [error.code, error.exitCode]).toEqual(['sheet_unreadable', 2]);
    expect((error as Error).message).toBe(
      'c.xlsx: not a readable XLSX workbook (xl/worksheets/sheet1.xml is cut short: its XML does not end with </worksheet>)',
    );
    const strings = Buffer.from('<sst xmlns="x" count="2"><si><t>input</t></si><si><t>go');
    const cutStrings = await readXlsx(hostileWorkbook('', { strings }), { source: 's.xlsx' }).catch(
      (e) => e,
    );
    expect((cutStrings as Error).message).toMatch(/xl\/sharedStrings\.xml is cut short/);
  });

  it.each([
    ['99', /cell B2 refers to shared string 99, and the workbook has only 2 \(0 to 1\)/],
    ['1.5', /cell B2 refers to shared string "1\.5", which is not a string number/],
    ['x', /cell B2 refers to shared string "x", which is not a string number/],
  ])('refuses a shared-string reference of %s, naming the cell', async (v, message) => {
    const rows = `${xmlRow(1, ['input', 'gold'])}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>${v}</v></c></row>`;
    const bytes = hostileWorkbook(rows, { strings: ['zero', 'one'] });
    const error = await readXlsx(bytes, { source: 'r.xlsx' }).catch((e) => e);
    expect(isRpeError(error) && [error.code, error.exitCode]).toEqual(['sheet_unreadable', 2]);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses a file that is not a workbook, naming it', async () => {
    const error = await readXlsx(new TextEncoder().encode('input,gold\n'), {
      source: 'b.xlsx',
    }).catch((e) => e);
    expect(isRpeError(error) && [error.code, error.exitCode]).toEqual(['sheet_unreadable', 2]);
    expect((error as Error).message).toMatch(/^b\.xlsx: not a readable XLSX workbook/);
  });
});
