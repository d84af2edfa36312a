// Rows for `rpe sheet import` and `rpe sheet export`. See case.ts for what every row must hold.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { BadInputCase } from './case.js';
import { row, workbook as hostileWorkbook } from './hostile-xlsx.js';

const write = (name: string, content: string | Uint8Array) => (dir: string) =>
  writeFileSync(join(dir, name), content);
const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });
const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
const questions = (n: number) => Array.from({ length: n }, (_, i) => [`Pytanie ${i + 1}`, `a${i}`]);
const jsonl = (n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ input: `P ${i}`, gold: 'a' })).join('\n') +
  '\n';

// A workbook whose gold holds a date (made by the library, before the rows run).
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('pozycje');
sheet.addRow(['input', 'gold']);
sheet.addRow(['Kiedy?', new Date(Date.UTC(2026, 4, 1))]);
const dateGold = new Uint8Array(await workbook.xlsx.writeBuffer());

// A workbook whose row 6 holds a value one column past the header's last cell.
const beyondBook = new ExcelJS.Workbook();
const beyondSheet = beyondBook.addWorksheet('pozycje');
beyondSheet.addRow(['input', 'gold']);
questions(60).forEach((row, i) => beyondSheet.addRow(i === 4 ? [...row, 'aliasTypedHere'] : row));
const beyondHeader = new Uint8Array(await beyondBook.xlsx.writeBuffer());

// A workbook of 60 items whose worksheet part is cut in half (the zip itself is sound).
const fullSheet = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${[
    row(1, ['input', 'gold']),
    ...questions(60).map((r, i) => row(i + 2, r)),
  ].join('')}</sheetData></worksheet>`,
);
const cutSheet = hostileWorkbook('', {
  sheet: { content: fullSheet.subarray(0, Math.floor(fullSheet.length / 2)) },
});

// Golds a spreadsheet would take for a formula, the sign hidden behind a space, a no-break space,
// a line feed, an ideographic space or in its full-width form; then ordinary items up to 50.
const HIDDEN_FORMULAS = [' =1+1', '\u00a0=1+1', '\n=1+1', '\uff1d1+1', '\u3000+1', ' \uff20A1'];
const hiddenFormulas =
  HIDDEN_FORMULAS.map((gold, i) => JSON.stringify({ input: `Pytanie ${i}`, gold })).join('\n') +
  '\n' +
  jsonl(44).replaceAll('"P ', '"Pytanie dodatkowe ');

export const cases: BadInputCase[] = [
  {
    name: 'sheet export: a formula behind whitespace or a full-width sign is exported as text',
    args: ['sheet', 'export', 'items.jsonl', '--out', 'items.csv', '--json'],
    setup: write('items.jsonl', hiddenFormulas),
    exit: 0,
    json: (doc) => expect(doc).toMatchObject({ n_items: 50 }),
    after: (dir) => {
      const text = readFileSync(join(dir, 'items.csv'), 'utf8');
      for (const gold of HIDDEN_FORMULAS) expect(text).toContain(`"'${gold}"`);
    },
    allowed: ['items.csv'],
  },
  {
    name: 'sheet import: a missing file',
    args: ['sheet', 'import', 'missing.csv', '--out', 'items.jsonl', '--json'],
    exit: 2,
    stderr: /cannot read missing\.csv: no such file/,
  },
  {
    name: 'sheet import: a missing gold column names the header row and writes nothing',
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl', '--json'],
    setup: write('s.csv', csv([['input', 'answer'], ...questions(50)])),
    exit: 1,
    json: (doc) =>
      expect(doc).toMatchObject({
        ok: false,
        out: null,
        errors: [{ row: 1, code: 'missing_column' }],
      }),
  },
  {
    name: 'sheet import: six aliases name their row',
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl', '--min-items', '1'],
    setup: write(
      's.csv',
      csv([
        ['input', 'gold', 'aliases'],
        ['P1', 'a', 'b'],
        ['P2', 'a', 'b|c|d|e|f|g'],
      ]),
    ),
    exit: 1,
    stderr: /^rpe: s\.csv: row 3: too_many_aliases: 6 aliases; at most 5 are allowed$/m,
  },
  {
    name: 'sheet import: inputs equal after normalisation name both rows',
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl', '--min-items', '1'],
    setup: write(
      's.csv',
      csv([
        ['input', 'gold'],
        ['Ala ma kota', 'a'],
        ['X', 'b'],
        ['"Ala ma  kota "', 'c'],
      ]),
    ),
    exit: 1,
    stderr: /row 4: duplicate_input: input repeats the input of row 2 after normalisation/,
  },
  {
    name: 'sheet import: an empty gold on row 17 of a semicolon CSV',
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl'],
    setup: write(
      's.csv',
      '\ufeff' +
        [['input', 'gold'], ...questions(60)]
          .map((r, i) => (i === 16 ? [r[0], ''] : r).join(';'))
          .join('\r\n'),
    ),
    exit: 1,
    stderr:
      /row 17: empty_gold: gold is empty after normalisation\n.*1 error; nothing written to items\.jsonl/,
  },
  {
    name: 'sheet import: an empty row between items',
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl', '--min-items', '1'],
    setup: write('s.csv', csv([['input', 'gold'], ['P1', 'a'], [''], ['P2', 'b']])),
    exit: 1,
    stderr: /row 3: empty_row/,
  },
  {
    name: "sheet import: a CSV value past the header row's last cell is not dropped",
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl'],
    setup: write(
      's.csv',
      csv([['input', 'gold'], ...questions(60).map((r, i) => (i === 4 ? [...r, 'alias'] : r))]),
    ),
    exit: 1,
    stderr: /row 6: cell_without_header: column C holds a value but has no header/,
  },
  {
    name: "sheet import: an XLSX value past the header row's last cell is not dropped",
    args: ['sheet', 'import', 'b.xlsx', '--out', 'items.jsonl', '--json'],
    setup: write('b.xlsx', beyondHeader),
    exit: 1,
    json: (doc) =>
      expect(doc).toMatchObject({
        ok: false,
        out: null,
        errors: [{ row: 6, code: 'cell_without_header' }],
      }),
  },
  {
    name: 'sheet import: a worksheet part cut in half is unreadable, not half a sheet',
    args: ['sheet', 'import', 'cut.xlsx', '--out', 'items.jsonl', '--json'],
    setup: write('cut.xlsx', cutSheet),
    exit: 2,
    stderr: /cut\.xlsx: not a readable XLSX workbook \(xl\/worksheets\/sheet1\.xml is cut short/,
    json: errorCode('sheet_unreadable'),
  },
  {
    name: 'sheet import: a shared-string reference past the strings is unreadable, not empty',
    args: ['sheet', 'import', 'ss.xlsx', '--out', 'items.jsonl', '--min-items', '1'],
    setup: write(
      'ss.xlsx',
      hostileWorkbook(
        `${row(1, ['input', 'gold'])}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>7</v></c></row>`,
        { strings: ['Pytanie'] },
      ),
    ),
    exit: 2,
    stderr: /ss\.xlsx: not a readable XLSX workbook \(.*cell B2 refers to shared string 7/,
  },
  {
    name: 'sheet import: a CSV saved as Windows-1250 is not UTF-8',
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl', '--json'],
    setup: write('s.csv', Uint8Array.from([...Buffer.from('input,gold\nk'), 0xb9, 0x0a])),
    exit: 1,
    json: (doc) => expect(doc).toMatchObject({ errors: [{ row: 0, code: 'not_utf8' }] }),
  },
  {
    name: 'sheet import: an XLSX date gold is not guessed',
    args: ['sheet', 'import', 'd.xlsx', '--out', 'items.jsonl', '--min-items', '1'],
    setup: write('d.xlsx', dateGold),
    exit: 1,
    stderr: /row 2: unreadable_cell: gold \(column B\) is a date \(2026-05-01\)/,
  },
  {
    name: 'sheet import: --out in a folder that cannot exist',
    args: ['sheet', 'import', 's.csv', '--out', 'f/items.jsonl', '--min-items', '1'],
    setup: (dir) => {
      writeFileSync(
        join(dir, 's.csv'),
        csv([
          ['input', 'gold'],
          ['P', 'a'],
        ]),
      );
      writeFileSync(join(dir, 'f'), 'a file, not a folder');
    },
    exit: 2,
    stderr: /cannot write f\/items\.jsonl/,
  },
  {
    name: 'sheet import: --sheet names a worksheet the workbook lacks',
    args: ['sheet', 'import', 'd.xlsx', '--out', 'items.jsonl', '--sheet', 'Arkusz1', '--json'],
    setup: write('d.xlsx', dateGold),
    exit: 2,
    stderr: /no worksheet named "Arkusz1" \(the workbook has "pozycje"\)/,
  },
  {
    name: 'sheet import: --sheet on a CSV',
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl', '--sheet', 'a'],
    setup: write('s.csv', csv([['input', 'gold']])),
    exit: 2,
    stderr: /--sheet applies to XLSX workbooks/,
  },
  {
    name: 'sheet import: --delimiter of two characters',
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl', '--delimiter', ';;', '--json'],
    exit: 2,
    stderr: /--delimiter/,
    json: errorCode('usage'),
  },
  {
    name: 'sheet import: --delimiter on an XLSX workbook',
    args: ['sheet', 'import', 'd.xlsx', '--out', 'items.jsonl', '--delimiter', ';'],
    setup: write('d.xlsx', dateGold),
    exit: 2,
    stderr: /--delimiter applies to CSV and TSV files/,
  },
  {
    name: 'sheet import: --min-items that is not a number',
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl', '--min-items', 'few'],
    exit: 2,
    stderr: /--min-items/,
  },
  {
    name: "sheet import: --max-items below the rows is the rules' too_many_items",
    args: [
      'sheet',
      'import',
      's.csv',
      '--out',
      'items.jsonl',
      '--min-items',
      '1',
      '--max-items',
      '2',
    ],
    setup: write('s.csv', csv([['input', 'gold'], ...questions(3)])),
    exit: 1,
    stderr: /too_many_items: 3 items; at most 2 are allowed/,
  },
  {
    name: 'sheet import: an old .xls workbook',
    args: ['sheet', 'import', 'old.xls', '--out', 'items.jsonl'],
    setup: write('old.xls', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
    exit: 2,
    stderr: /old\.xls: an \.xls or \.ods workbook; save it as \.xlsx/,
  },
  {
    name: 'sheet import: a damaged .xlsx',
    args: ['sheet', 'import', 'broken.xlsx', '--out', 'items.jsonl', '--json'],
    setup: write('broken.xlsx', 'PK\x03\x04 not really a zip'),
    exit: 2,
    stderr: /broken\.xlsx: not a readable XLSX workbook/,
    json: errorCode('sheet_unreadable'),
  },
  {
    name: 'sheet export: a missing items file',
    args: ['sheet', 'export', 'missing.jsonl', '--out', 'r.xlsx', '--json'],
    exit: 2,
    stderr: /missing\.jsonl/,
  },
  {
    name: 'sheet export: an invalid items file names its line',
    args: ['sheet', 'export', 'items.jsonl', '--out', 'r.csv'],
    setup: write('items.jsonl', `${jsonl(2)}{"input":"x"}\n`),
    exit: 2,
    stderr: /items\.jsonl line 3: missing_field/,
  },
  {
    name: 'sheet export: --out of an unknown kind',
    args: ['sheet', 'export', 'items.jsonl', '--out', 'r.ods'],
    setup: write('items.jsonl', jsonl(3)),
    exit: 2,
    stderr: /--out must end in \.xlsx, \.csv or \.tsv/,
  },
  {
    name: 'sheet export: --out into a folder that cannot exist',
    args: ['sheet', 'export', 'items.jsonl', '--out', 'items.jsonl/r.xlsx'],
    setup: write('items.jsonl', jsonl(3)),
    exit: 2,
    stderr: /cannot write items\.jsonl\/r\.xlsx/,
  },
  {
    name: 'sheet export: --meta with fewer lines than items',
    args: ['sheet', 'export', 'items.jsonl', '--meta', 'm.jsonl', '--out', 'r.xlsx', '--json'],
    setup: (dir) => {
      writeFileSync(join(dir, 'items.jsonl'), jsonl(3));
      writeFileSync(join(dir, 'm.jsonl'), '{"family":"a","phenomenon":"p"}\n');
    },
    exit: 2,
    stderr: /m\.jsonl has 1 lines but items\.jsonl has 3 items/,
    json: errorCode('meta_mismatch'),
  },
  {
    name: 'sheet export: --meta with a line that is not JSON',
    args: ['sheet', 'export', 'items.jsonl', '--meta', 'm.jsonl', '--out', 'r.csv'],
    setup: (dir) => {
      writeFileSync(join(dir, 'items.jsonl'), jsonl(2));
      writeFileSync(join(dir, 'm.jsonl'), '{"family":"a"}\n{family}\n');
    },
    exit: 2,
    stderr: /m\.jsonl: line 2: not valid JSON/,
  },
  {
    name: 'sheet export: --sample without --seed',
    args: ['sheet', 'export', 'items.jsonl', '--out', 'r.xlsx', '--sample', '30', '--json'],
    setup: write('items.jsonl', jsonl(3)),
    exit: 2,
    stderr: /--sample needs --seed/,
    json: errorCode('usage'),
  },
  {
    name: 'sheet export: --sample 0',
    args: ['sheet', 'export', 'items.jsonl', '--out', 'r.xlsx', '--sample', '0', '--seed', '1'],
    setup: write('items.jsonl', jsonl(3)),
    exit: 2,
    stderr: /--sample.*expected an integer ≥ 1/,
  },
  {
    name: 'sheet export: --seed that is not an integer',
    args: ['sheet', 'export', 'items.jsonl', '--out', 'r.xlsx', '--sample', '2', '--seed', '1.5'],
    setup: write('items.jsonl', jsonl(3)),
    exit: 2,
    stderr: /--seed.*expected an integer/,
  },
  {
    name: 'sheet export: --seed without --sample',
    args: ['sheet', 'export', 'items.jsonl', '--out', 'r.xlsx', '--seed', '4'],
    setup: write('items.jsonl', jsonl(3)),
    exit: 2,
    stderr: /--seed needs --sample/,
  },
];
