// rpe sheet import / export end to end: the built CLI on sheets made by hand, by exceljs and by
// openpyxl, and the exact round trip of every example generator's items.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { reviewTable } from '../../panel/sheet/index.js';
import { rpe as rpeSync } from '../cli/run-rpe.js';
import { rpe, type RpeRun } from './run-rpe.js';

const fixture = (name: string) => packagePath('tests', 'fixtures', 'sheet', name);
const examples = readdirSync(packagePath('examples'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const SEED = 11;

// `rpe sheet import FILE --out OUT` on a small sheet (the item count of the rules relaxed).
function importSmall(file: string, out: string, ...flags: string[]) {
  return rpeSync(['sheet', 'import', file, '--out', at(out), '--min-items', '1', ...flags]);
}

// `rpe sheet export` of an example's items with its meta sidecar to `${x}.${format}`, run once per
// example and format: the round trip and the reviewer's edits start from the same sheet.
const exported = new Map<string, Promise<RpeRun>>();
function exportWithMeta(x: string, format: 'xlsx' | 'csv' | 'tsv'): Promise<RpeRun> {
  const sheet = `${x}.${format}`;
  const run =
    exported.get(sheet) ??
    rpe(['sheet', 'export', at(`${x}.jsonl`), '--meta', at(`${x}.meta.jsonl`), '--out', at(sheet)]);
  exported.set(sheet, run);
  return run;
}

// The exit code of `rpe validate` on a file, run once per distinct content: each round trip gives
// back its example's items byte for byte, so one verdict holds for all three formats.
const verdicts = new Map<string, Promise<RpeRun['code']>>();
function validateCode(name: string): Promise<RpeRun['code']> {
  const content = read(name).toString();
  const code = verdicts.get(content) ?? rpe(['validate', at(name)]).then((r) => r.code);
  verdicts.set(content, code);
  return code;
}

let dir: string;
const at = (name: string) => join(dir, name);
const read = (name: string) => readFileSync(at(name));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-sheet-'));
  const runs = await Promise.all(
    examples.map((x) =>
      rpe([
        'generate',
        packagePath('examples', x),
        '--seed',
        String(SEED),
        '--out',
        at(`${x}.jsonl`),
        '--meta',
        at(`${x}.meta.jsonl`),
      ]),
    ),
  );
  for (const r of runs) expect(r.code, r.stderr).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rpe sheet: export then import gives the same items.jsonl, byte for byte', () => {
  it.each(examples.flatMap((x) => (['xlsx', 'csv', 'tsv'] as const).map((f) => [x, f] as const)))(
    '%s as %s',
    async (x, format) => {
      const sheet = `${x}.${format}`;
      const out = await exportWithMeta(x, format);
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toMatch(/^wrote 150 items to /);
      const back = await rpe(['sheet', 'import', at(sheet), '--out', at(`${sheet}.jsonl`)]);
      expect(back.code, back.stderr).toBe(0);
      expect(back.stdout).toContain(
        'ignored columns: item, family, lemma, tag, phenomenon, ok, comment',
      );
      expect(read(`${sheet}.jsonl`).equals(read(`${x}.jsonl`))).toBe(true);
      expect(await validateCode(`${sheet}.jsonl`)).toBe(0);
    },
  );
});

describe('a review sheet filled in by a reviewer', () => {
  const x = examples[0] ?? '';
  // Item 1's gold corrected, item 3's first alias replaced; every row marked, with comments a
  // spreadsheet could take for a formula or a number.
  const expected = () => {
    const items = read(`${x}.jsonl`)
      .toString()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { input: string; gold: string; aliases?: string[] });
    items[0] = { ...items[0], gold: 'poprawione' } as (typeof items)[0];
    const third = items[2] as (typeof items)[0];
    third.aliases = ['nowy alias', ...(third.aliases ?? []).slice(1)];
    return items.map((item) => `${JSON.stringify(item)}\n`).join('');
  };
  const comments = ['=to nie formuła', '007', "'z apostrofem", 'dwie\nlinie', ''];

  it('XLSX edited and saved by exceljs: the items with the corrections, ok and comment ignored', async () => {
    expect((await exportWithMeta(x, 'xlsx')).code).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(at(`${x}.xlsx`));
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    for (let r = 2; r <= ws.rowCount; r++) {
      ws.getRow(r).getCell(col('ok')).value = r % 3 === 0 ? 'nie' : 'tak';
      ws.getRow(r).getCell(col('comment')).value = comments[r % comments.length] ?? '';
    }
    ws.getRow(2).getCell(col('gold')).value = 'poprawione';
    ws.getRow(4).getCell(col('alias1')).value = 'nowy alias';
    await wb.xlsx.writeFile(at('r.edited.xlsx'));
    const back = await rpe(['sheet', 'import', at('r.edited.xlsx'), '--out', at('r.jsonl')]);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toContain(
      'ignored columns: item, family, lemma, tag, phenomenon, ok, comment',
    );
    expect(read('r.jsonl').toString()).toBe(expected());
  });

  it('CSV saved again with minimal quoting, as Excel writes "CSV UTF-8": the same', async () => {
    expect((await exportWithMeta(x, 'csv')).code).toBe(0);
    const { parse } = await import('csv-parse/sync');
    const { stringify } = await import('csv-stringify/sync');
    const rows = parse(read(`${x}.csv`), { bom: true }) as string[][];
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    rows.slice(1).forEach((row, i) => {
      row[col('ok')] = i % 3 === 0 ? 'nie' : 'tak';
      row[col('comment')] = comments[i % comments.length] ?? '';
    });
    (rows[1] as string[])[col('gold')] = 'poprawione';
    (rows[3] as string[])[col('alias1')] = 'nowy alias';
    writeFileSync(at('r.edited.csv'), `\ufeff${stringify(rows, { record_delimiter: '\r\n' })}`);
    const back = await rpe(['sheet', 'import', at('r.edited.csv'), '--out', at('r2.jsonl')]);
    expect(back.code, back.stderr).toBe(0);
    expect(read('r2.jsonl').toString()).toBe(expected());
  });
});

describe('rpe sheet export', () => {
  const x = examples[0] ?? '';

  it('puts the meta beside each item, and empty ok and comment columns', async () => {
    const made = await exportWithMeta(x, 'xlsx');
    expect(made.code, made.stderr).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(at(`${x}.xlsx`));
    const ws = wb.worksheets[0];
    const header = (ws?.getRow(1).values as unknown[]).slice(1);
    // The unit test of reviewTable spells the columns out; here they must reach the file.
    expect(header).toEqual(reviewTable([], { meta: [] }).columns.map((c) => c.name));
    expect(header.slice(8, 14)).toEqual(['family', 'lemma', 'tag', 'phenomenon', 'ok', 'comment']);
    const meta = read(`${x}.meta.jsonl`)
      .toString()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const items = read(`${x}.jsonl`)
      .toString()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    for (const n of [1, 75, 150]) {
      const row = ws?.getRow(n + 1);
      expect(row?.getCell(1).value).toBe(n);
      expect(row?.getCell(2).value).toBe(items[n - 1].input);
      expect(row?.getCell(9).value).toBe(meta[n - 1].family);
      expect(row?.getCell(12).value).toBe(meta[n - 1].phenomenon);
      expect([row?.getCell(13).value ?? null, row?.getCell(14).value ?? null]).toEqual([
        null,
        null,
      ]);
    }
  });

  it('draws the same 30-item sample for the same seed, keeping each item number', async () => {
    const args = (seed: number, out: string) => [
      'sheet',
      'export',
      at(`${x}.jsonl`),
      '--out',
      at(out),
      '--sample',
      '30',
      '--seed',
      String(seed),
      '--json',
    ];
    const first = JSON.parse((await rpe(args(5, 's1.csv'))).stdout);
    const again = JSON.parse((await rpe(args(5, 's2.csv'))).stdout);
    const other = JSON.parse((await rpe(args(6, 's3.csv'))).stdout);
    expect(first).toMatchObject({
      format: 'csv',
      n_items: 150,
      n_rows: 30,
      sample: { size: 30, seed: 5 },
    });
    expect(first.items).toHaveLength(30);
    expect(again.items).toEqual(first.items);
    expect(read('s2.csv').equals(read('s1.csv'))).toBe(true);
    expect(other.items).not.toEqual(first.items);
    // The sheet holds the drawn items under their own numbers.
    const items = read(`${x}.jsonl`)
      .toString()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const sample = importSmall(at('s1.csv'), 's1.jsonl');
    expect(sample.code, sample.stderr).toBe(0);
    const imported = read('s1.jsonl')
      .toString()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(imported).toEqual(first.items.map((n: number) => items[n - 1]));
    expect(read('s1.csv').toString()).toMatch(new RegExp(`\r\n"${first.items[0]}","`));
  });
});

describe('rpe sheet import', () => {
  it('reads a CSV made by hand: BOM, CRLF, quoted line breaks, apostrophes, inner quotes', () => {
    const r = importSmall(fixture('crlf-bom-quoted.csv'), 'h.jsonl');
    expect(r.code, r.stderr).toBe(0);
    expect(read('h.jsonl').toString()).toBe(
      readFileSync(fixture('crlf-bom-quoted.expected.jsonl'), 'utf8'),
    );
    expect(r.stdout).toContain('ignored columns: uwagi');
    expect(r.stdout).toContain('warning: row 4: carriage_return: input holds a carriage return');
  });

  it('reads a TSV made by hand with one aliases column', () => {
    const r = importSmall(fixture('aliases-column.tsv'), 't.jsonl', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      delimiter: '\t',
      alias_layout: 'aliases-column',
      n_items: 2,
    });
    expect(read('t.jsonl').toString()).toBe(
      readFileSync(fixture('aliases-column.expected.jsonl'), 'utf8'),
    );
  });

  it('reads an XLSX written by openpyxl: a numeric gold, text formats, a quote prefix, another sheet', () => {
    const r = importSmall(fixture('openpyxl-workbook.xlsx'), 'o.jsonl', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      sheet: 'Pozycje',
      format: 'xlsx',
      ignored_columns: ['notatki'],
    });
    expect(read('o.jsonl').toString()).toBe(
      readFileSync(fixture('openpyxl-workbook.expected.jsonl'), 'utf8'),
    );
    const other = importSmall(fixture('openpyxl-workbook.xlsx'), 'o2.jsonl', '--sheet', 'Robocze');
    expect(other.code, other.stderr).toBe(0);
    expect(read('o2.jsonl').toString()).toBe('{"input":"Z drugiego arkusza","gold":"tak"}\n');
  });

  it('reads an XLSX written by exceljs: a multiline cell and a numeric gold', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Arkusz1');
    ws.addRow(['input', 'gold', 'alias1']);
    ws.addRow(['Ile nóg ma pająk?\nOdpowiedz liczbą.', 8, 'osiem']);
    ws.getCell('A2').alignment = { wrapText: true };
    await wb.xlsx.writeFile(at('e.xlsx'));
    const r = importSmall(at('e.xlsx'), 'e.jsonl');
    expect(r.code, r.stderr).toBe(0);
    expect(read('e.jsonl').toString()).toBe(
      '{"input":"Ile nóg ma pająk?\\nOdpowiedz liczbą.","gold":"8","aliases":["osiem"]}\n',
    );
  });

  it('reads standard input for -', () => {
    const r = rpeSync(['sheet', 'import', '-', '--out', at('in.jsonl'), '--min-items', '1'], {
      input: 'input;gold\nCzyj to dom?;mój\n',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(read('in.jsonl').toString()).toBe('{"input":"Czyj to dom?","gold":"mój"}\n');
  });

  it('leaves an existing output untouched when the sheet fails', () => {
    writeFileSync(at('keep.jsonl'), 'earlier\n');
    writeFileSync(at('bad.csv'), 'input,gold\na,b\nc,\n');
    const r = importSmall(at('bad.csv'), 'keep.jsonl');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `rpe: ${at('bad.csv')}: row 3: empty_gold: gold is empty after normalisation\n` +
        `rpe: ${at('bad.csv')}: 1 error; nothing written to ${at('keep.jsonl')}\n`,
    );
    expect(read('keep.jsonl').toString()).toBe('earlier\n');
  });
});
