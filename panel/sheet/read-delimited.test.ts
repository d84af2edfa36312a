import { describe, expect, it } from 'vitest';
import { readDelimited } from './read-delimited.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const cells = (text: string, options = {}) =>
  readDelimited(bytes(text), options).table?.rows.map((r) => r.cells);

describe('readDelimited', () => {
  it('reads a BOM, CRLF line ends and quoted line breaks, numbering rows as a spreadsheet does', () => {
    const text =
      '\ufeffinput,gold,alias1\r\n"Pierwsza linia\nDruga ""cytat""",kot,\r\n"Trzecia\r\nczwarta",pies,psa\r\n';
    const read = readDelimited(bytes(text));
    expect(read.issues).toEqual([]);
    expect(read.table?.delimiter).toBe(',');
    expect(read.table?.rows).toEqual([
      { row: 1, cells: ['input', 'gold', 'alias1'] },
      { row: 2, cells: ['Pierwsza linia\nDruga "cytat"', 'kot', ''] },
      { row: 3, cells: ['Trzecia\r\nczwarta', 'pies', 'psa'] },
    ]);
  });

  it('finds a semicolon or tab delimiter from the header (Polish Excel saves CSV with ;)', () => {
    expect(cells('input;gold\nAla, Ola i Ela;kot\n')).toEqual([
      ['input', 'gold'],
      ['Ala, Ola i Ela', 'kot'],
    ]);
    expect(cells('input\tgold\na, b\tc\n')).toEqual([
      ['input', 'gold'],
      ['a, b', 'c'],
    ]);
  });

  it('uses the delimiter it is given, and a tab for TSV', () => {
    expect(cells('input|gold\na,b|c\n', { delimiter: '|' })).toEqual([
      ['input', 'gold'],
      ['a,b', 'c'],
    ]);
    expect(cells('input;gold\tx\n', { tab: true })).toEqual([['input;gold', 'x']]);
  });

  it('drops one leading apostrophe from each cell, keeping a second one', () => {
    expect(cells("input,gold\n'007,''cudzysłów\n")).toEqual([
      ['input', 'gold'],
      ['007', "'cudzysłów"],
    ]);
  });

  it('keeps quotes inside an unquoted field, as spreadsheets do', () => {
    expect(cells('input,gold\nPowiedział "tak" wczoraj,tak\n')?.[1]).toEqual([
      'Powiedział "tak" wczoraj',
      'tak',
    ]);
  });

  it('keeps an empty line as an empty row and rows of any length', () => {
    expect(cells('input,gold\n\na\n')).toEqual([['input', 'gold'], [''], ['a']]);
  });

  it('names the line of a file that is not UTF-8 (a CSV saved as Windows-1250)', () => {
    const cp1250 = Uint8Array.from([...bytes('input,gold\nkot,pies\n'), 0x9c, 0x0a]);
    expect(readDelimited(cp1250)).toEqual({
      table: null,
      issues: [
        {
          row: 0,
          code: 'not_utf8',
          message: 'line 3 is not UTF-8; save the sheet as "CSV UTF-8" or as XLSX',
        },
      ],
    });
  });

  it('names the row of a quote that is never closed', () => {
    const read = readDelimited(bytes('input,gold\na,b\n"c,d\n'));
    expect(read.table).toBeNull();
    expect(read.issues).toEqual([
      { row: 3, code: 'csv_syntax', message: expect.stringMatching(/quote/i) },
    ]);
  });
});
