// Rows for `rpe sheet import` on sheets built to exhaust memory or time: every one is refused
// (or read) within the caps, in one line naming the sheet, row and cap, below a few hundred MB.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:zlib';
import { expect } from 'vitest';
import type { BadInputCase } from './case.js';
import { row, workbook } from './hostile-xlsx.js';

// The content is made when the row runs: the coverage test imports every table for its args,
// and building these files at import would cost it seconds.
const write = (name: string, content: () => string | Uint8Array) => (dir: string) =>
  writeFileSync(join(dir, name), content());
const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });
const importArgs = (file: string, ...more: string[]) => [
  'sheet',
  'import',
  file,
  '--out',
  'items.jsonl',
  ...more,
];
const items = (n: number, from = 2) =>
  Array.from({ length: n }, (_, i) => row(from + i, [`Pytanie ${i + 1}`, `a${i}`])).join('');
const header = row(1, ['input', 'gold']);
const MB = 1024 * 1024;
/** Far below the 3.8 GB and heap exhaustion these inputs used to cause. */
const PEAK_MB = 350;

// `mb` MB of one letter, which packs about a thousand times: run-length packing does it in
// milliseconds where deflate's usual search takes most of a second for 64 MB.
const letters = (mb: number) => Buffer.alloc(mb * MB, 'a');
const RUN_LENGTH = { strategy: constants.Z_RLE };

export const cases: BadInputCase[] = [
  {
    name: 'sheet import: a row numbered 100000000 is a cap hit naming the sheet and row, not a heap exhausted',
    args: importArgs('s.xlsx', '--json'),
    setup: write('s.xlsx', () => workbook(`${header}${row(100_000_000, ['x', 'y'])}`)),
    exit: 2,
    stderr:
      /^rpe: s\.xlsx: sheet "pozycje", row 100000000: a value beyond the cap of 10000 rows; nothing was imported\n$/,
    json: errorCode('sheet_too_large'),
    maxPeakMb: PEAK_MB,
  },
  {
    // Above the 16 MiB cap on one part by a quarter: the size the part declares is refused
    // before anything is unpacked, so a larger string would take the same path.
    name: 'sheet import: a shared string of 20 MB is refused at the part cap',
    args: importArgs('s.xlsx'),
    setup: write('s.xlsx', () =>
      workbook(`${header}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`, {
        strings: Buffer.concat([
          Buffer.from('<sst><si><t>'),
          letters(20),
          Buffer.from('</t></si></sst>'),
        ]),
        packing: RUN_LENGTH,
      }),
    ),
    exit: 2,
    stderr:
      /^rpe: s\.xlsx: part xl\/sharedStrings\.xml: unpacks to \d+ bytes, above the cap of 16777216; nothing was imported\n$/,
    maxPeakMb: PEAK_MB,
  },
  {
    name: 'sheet import: a zip bomb part that declares 2 KB and unpacks to 64 MB stops at what it declared',
    args: importArgs('s.xlsx', '--json'),
    setup: write('s.xlsx', () =>
      workbook(header, {
        sheet: { content: letters(64), declaredSize: 2048 },
        packing: RUN_LENGTH,
      }),
    ),
    exit: 2,
    stderr:
      /^rpe: s\.xlsx: part xl\/worksheets\/sheet1\.xml: unpacks to more than the 2048 bytes it declares; nothing was imported\n$/,
    json: errorCode('sheet_too_large'),
    maxPeakMb: PEAK_MB,
  },
  {
    name: 'sheet import: a part declaring 3 GB is refused before it is unpacked',
    args: importArgs('s.xlsx'),
    setup: write('s.xlsx', () => workbook(header, { sheet: { declaredSize: 3_000_000_000 } })),
    exit: 2,
    stderr: /part xl\/worksheets\/sheet1\.xml: unpacks to 3000000000 bytes, above the cap/,
    maxPeakMb: PEAK_MB,
  },
  {
    name: 'sheet import: a part that unpacks over 300 times its packed size is refused at the ratio cap',
    args: importArgs('s.xlsx'),
    setup: write('s.xlsx', () =>
      workbook(
        `${header}${'<row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c></row>'.repeat(60_000)}`,
        // Deflate's fastest level packs this part only about 160 times, below the cap.
        { packing: { level: 9 } },
      ),
    ),
    exit: 2,
    stderr: /part xl\/worksheets\/sheet1\.xml: unpacks \d+ times its size, above the cap of 200/,
    maxPeakMb: PEAK_MB,
  },
  {
    // About 20.6 MB, above the 16 MiB cap on one part by a fifth: refused from the size the part
    // declares, as a million rows (140 MB) would be, at a ninth of the cost to build.
    name: 'sheet import: 150000 rows with values are refused at the part cap',
    args: importArgs('s.xlsx', '--json'),
    setup: write('s.xlsx', () => workbook(`${header}${items(150_000)}`)),
    exit: 2,
    stderr: /part xl\/worksheets\/sheet1\.xml: unpacks to \d+ bytes, above the cap of 16777216/,
    json: errorCode('sheet_too_large'),
    maxPeakMb: PEAK_MB,
    timeoutSeconds: 60,
  },
  {
    name: 'sheet import: 60 items then 700000 empty rows are read as a stream and imported',
    args: importArgs('s.xlsx', '--json'),
    setup: write('s.xlsx', () =>
      workbook(
        `${header}${items(60)}${Array.from({ length: 700_000 }, (_, i) => `<row r="${i + 62}"/>`).join('')}`,
      ),
    ),
    exit: 0,
    json: (doc) => expect(doc).toMatchObject({ ok: true, n_items: 60 }),
    allowed: ['items.jsonl'],
    maxPeakMb: PEAK_MB,
    timeoutSeconds: 120,
  },
  {
    name: 'sheet import: a cell of 30000 characters names its row and the cap',
    args: importArgs('s.xlsx'),
    setup: write('s.xlsx', () => workbook(`${header}${row(2, ['x'.repeat(30_000), 'a'])}`)),
    exit: 2,
    stderr:
      /^rpe: s\.xlsx: sheet "pozycje", row 2: column 1 holds 30000 characters, above the cap of 20000; nothing was imported\n$/,
    maxPeakMb: PEAK_MB,
  },
  {
    name: 'sheet import: a value in column 200 is a cap hit',
    args: importArgs('s.xlsx'),
    setup: write('s.xlsx', () =>
      workbook(`${header}<row r="2"><c r="GR2" t="inlineStr"><is><t>x</t></is></c></row>`),
    ),
    exit: 2,
    stderr: /sheet "pozycje", row 2: a value beyond the cap of 100 columns/,
  },
  {
    name: 'sheet import: a CSV of 20000 rows is a cap hit',
    args: importArgs('s.csv', '--json'),
    setup: write('s.csv', () => `input,gold\n${'P,a\n'.repeat(20_000)}`),
    exit: 2,
    stderr: /^rpe: s\.csv: row 10001: more than the cap of 10000 rows; nothing was imported\n$/,
    json: errorCode('sheet_too_large'),
    maxPeakMb: PEAK_MB,
  },
  {
    name: 'sheet import: a CSV cell of 30000 characters names its row',
    args: importArgs('s.csv'),
    setup: write('s.csv', () => `input,gold\n${'y'.repeat(30_000)},a\n`),
    exit: 2,
    stderr: /^rpe: s\.csv: row 2: column 1 holds 30000 characters, above the cap of 20000/,
  },
];
