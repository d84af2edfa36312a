import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { escapeXlsxText } from './escape-xlsx-text.js';
import { formatDelimited } from './format-delimited.js';
import { formatXlsx } from './format-xlsx.js';
import { readDelimited } from './read-delimited.js';
import { readXlsx } from './read-xlsx.js';
import type { ReviewTable } from './review-table.js';

// Texts a spreadsheet or an XML writer is likely to change.
const NASTY = [
  'Pierwsza linia\nDruga linia',
  'CR LF\r\nw środku',
  '  spacje na brzegach  ',
  'tab\tw środku',
  "'apostrof na początku",
  "''dwa apostrofy",
  '=SUMA(A1:A2)',
  '-ów',
  '+48',
  '@wzmianka',
  '007',
  '1.05',
  '3,5',
  'TRUE',
  '"cudzysłów" i „polski”',
  'sterujące \u0001\u0008\u000b\u001f\u007f',
  '_x000D_ dosłownie i _x005F_ też, _x00e9_ małymi',
  'emoji 😀 i samotny \ud800 surogat',
  'separator\u2028wiersza i \u0085 NEL',
  'ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ',
  '',
];

const table: ReviewTable = {
  columns: [
    { name: 'item', width: 6 },
    { name: 'text', width: 40 },
  ],
  rows: NASTY.map((text, i) => [i + 1, text]),
};

// UTF-8 has no lone surrogates: CSV refuses them (tested below), so its tables pair the surrogate.
const encodable = NASTY.map((t) => t.replace('\ud800', '\ud83d\ude00'));
const encodableTable: ReviewTable = { ...table, rows: encodable.map((t, i) => [i + 1, t]) };

describe('review sheets keep every text exactly', () => {
  it('XLSX: formatXlsx then readXlsx gives each text back', async () => {
    const read = await readXlsx(await formatXlsx(table), { source: 'r.xlsx' });
    expect(read.rows.slice(1).map((r) => r.cells[1] ?? '')).toEqual(NASTY);
    expect(read.rows.slice(1).map((r) => r.cells[0])).toEqual(NASTY.map((_, i) => String(i + 1)));
  });

  it.each([
    [',', false],
    ['\t', true],
  ])('CSV/TSV (%j): formatDelimited then readDelimited gives each text back', (d, tab) => {
    const text = formatDelimited(encodableTable, d);
    expect(text.startsWith('\ufeff"item"')).toBe(true);
    const read = readDelimited(new TextEncoder().encode(text), { tab });
    expect(read.issues).toEqual([]);
    expect(read.table?.rows.slice(1).map((r) => r.cells[1])).toEqual(encodable);
  });

  it('CSV: refuses a lone surrogate, naming the item', () => {
    expect(() => formatDelimited(table, ',')).toThrow(
      /^item 18: text holds a lone UTF-16 surrogate, which UTF-8 cannot encode/,
    );
  });

  it('CSV: a cell a spreadsheet would run as a formula is marked with an apostrophe', () => {
    const text = formatDelimited(encodableTable, ',');
    expect(text).toContain('"\'=SUMA(A1:A2)"');
    expect(text).toContain('"\'-ów"');
    expect(text).toContain("\"'''dwa apostrofy\"");
    expect(text).toContain('"007"');
  });

  it('CSV: a formula behind white space or in full-width signs is marked too, and comes back', () => {
    const hidden = [' =1+1', '\u00a0=1+1', '\n=1+1', '\uff1d1+1', '\u3000+1', ' \uff20A1', '-ów'];
    const sheet: ReviewTable = { ...table, rows: hidden.map((text, i) => [i + 1, text]) };
    const text = formatDelimited(sheet, ',');
    for (const cell of hidden) expect(text).toContain(`"'${cell}"`);
    const read = readDelimited(new TextEncoder().encode(text), { delimiter: ',' });
    expect(read.table?.rows.slice(1).map((r) => r.cells[1])).toEqual(hidden);
  });

  it('escapes exactly what XLSX cannot hold', () => {
    expect(escapeXlsxText('a\r\nb\u0001_x000D_ _x12_ _xZZZZ_')).toBe(
      'a_x000D_\nb_x0001__x005F_x000D_ _x12_ _xZZZZ_',
    );
    expect(escapeXlsxText('😀\ud800')).toBe('😀_xD800_');
  });
});

describe('the XLSX review sheet is pleasant to review', () => {
  it('has a frozen bold header, wrapped text, set widths and text-formatted cells', async () => {
    const wb = new ExcelJS.Workbook();
    const bytes = await formatXlsx(table);
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset) as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('items');
    expect(ws?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws?.getRow(1).getCell(2).font?.bold).toBe(true);
    expect(ws?.getColumn(2).width).toBe(40);
    const cell = ws?.getCell('B3');
    expect([cell?.value, cell?.numFmt, cell?.alignment?.wrapText]).toEqual([
      'CR LF\r\nw środku',
      '@',
      true,
    ]);
    expect(ws?.getCell('A3').value).toBe(2);
    // An empty cell of a text column is text too, for what the reviewer types.
    expect(ws?.getColumn(2).numFmt).toBe('@');
    expect(ws?.autoFilter).toBeTruthy();
  });
});
