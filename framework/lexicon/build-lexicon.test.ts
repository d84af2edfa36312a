import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildLexicon } from './build-lexicon.js';
import { compareCodePoints } from './compare-code-points.js';
import { SCHEMA_VERSION } from './schema.js';
import type { SourceRow } from './plan-lexicon.js';

const ROWS: SourceRow[] = [
  { lemma: 'dwa', form: 'dwaj', tags: 'num:pl:nom.voc:m1:congr' },
  { lemma: 'dwa', form: 'dwie', tags: 'num:pl:nom.acc.voc:f:congr' },
  { lemma: 'dwa', form: 'dwóch', tags: 'num:pl:acc:m1:rec+num:pl:gen.loc:m1.m2.m3.n2.f:congr' },
  { lemma: 'ząb', form: 'zęby', tags: 'subst:pl:nom:m3+subst:pl:acc:m3' },
  { lemma: 'Żaneta', form: 'Żanety', tags: 'subst:sg:gen:f' },
];
const RANKS: Record<string, number> = { dwie: 1, dwaj: 2 };
const rankOf = (form: string) => RANKS[form] ?? null;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-build-lexicon-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('buildLexicon', () => {
  it('gives the same bytes for the same rows, whatever their order', () => {
    const a = join(dir, 'a.sqlite');
    const b = join(dir, 'b.sqlite');
    buildLexicon({ rows: ROWS, out: a, rankOf, source: 'test', meta: { 'version:x': '1' } });
    buildLexicon({
      rows: [...ROWS].reverse(),
      out: b,
      rankOf,
      source: 'test',
      meta: { 'version:x': '1' },
    });
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
  });

  it('gives different bytes when a rank changes', () => {
    const a = join(dir, 'a.sqlite');
    const b = join(dir, 'b.sqlite');
    buildLexicon({ rows: ROWS, out: a, rankOf, source: 'test' });
    buildLexicon({ rows: ROWS, out: b, source: 'test' });
    expect(readFileSync(a).equals(readFileSync(b))).toBe(false);
  });

  it('writes a rollback-journal file with a fixed page size and the schema version', () => {
    const out = join(dir, 'a.sqlite');
    const result = buildLexicon({ rows: ROWS, out, rankOf, source: 'test' });
    const header = readFileSync(out).subarray(0, 100);
    expect(header.readUInt16BE(16)).toBe(4096);
    expect([header[18], header[19]]).toEqual([1, 1]); // 2 would be WAL
    expect(header.readUInt32BE(60)).toBe(SCHEMA_VERSION); // user_version
    expect(result).toMatchObject({ lexemes: 3, forms: 5, readings: 7 });
  });

  it('leaves no file behind when a row is bad', () => {
    const out = join(dir, 'bad.sqlite');
    const rows = [...ROWS, { lemma: 'x', form: 'x', tags: 'subst:sg:nom:m9' }];
    expect(() => buildLexicon({ rows, out, source: 'test' })).toThrow(/unknown value "m9"/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('compareCodePoints', () => {
  it('orders as code points, as SQLite and Python do, also above U+FFFF', () => {
    const words = ['\u{1F600}', '\uFFFD', 'ż', 'z', 'Ż', 'za'];
    expect([...words].sort(compareCodePoints)).toEqual([
      'z',
      'za',
      'Ż',
      'ż',
      '\uFFFD',
      '\u{1F600}',
    ]);
  });
});
