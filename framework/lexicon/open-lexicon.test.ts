import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLexicon } from './build-lexicon.js';
import type { Lexicon } from './lexicon.js';
import { openLexicon } from './open-lexicon.js';
import type { SourceRow } from './plan-lexicon.js';

const ROWS = `
kot;kot;subst:sg:nom:m1+subst:sg:nom:m2
kot;kotów;subst:pl:acc:m1+subst:pl:gen:m1+subst:pl:gen:m2
kot;koty;subst:pl:nom:m2
kot;kotowie;subst:pl:nom:m1
ręka;ręka;subst:sg:nom:f
ręka;rękami;subst:pl:inst:f
ręka;rękoma;subst:pl:inst:f
noga;nogami;subst:pl:inst:f
noga;nogoma;subst:pl:inst:f
pies;pies;subst:sg:nom:m1+subst:sg:nom:m2
pies;psy;depr:pl:nom:m2+subst:pl:nom:m2
pies;psowie;subst:pl:nom:m1
taki;taka;adj:sg:nom.voc:f:pos
taka;taka;subst:sg:nom:f
taka;tace;subst:sg:dat.loc:f
być;była;verb:praet:sg:f:ter:imperf:nonrefl
być;było;verb:praet:sg:n1.n2:ter:imperf:nonrefl
musieć;musiał;verb:praet:sg:m1.m2.m3:ter:imperf:nonrefl
Musiał;Musiał;subst:sg:nom:m1
`;
const RANKS: Record<string, number> = {
  rękoma: 5,
  rękami: 9,
  kot: 3,
  koty: 20,
  taka: 2,
  tace: 40,
  była: 7,
  musiał: 10,
};
// As the build does: a capitalised form takes the rank of its lower-case spelling.
const rankOf = (form: string) => RANKS[form] ?? RANKS[form.toLowerCase()] ?? null;

function rowsOf(text: string): SourceRow[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [lemma = '', form = '', tags = ''] = line.split(';');
      return { lemma, form, tags };
    });
}

let dir: string;
let lexicon: Lexicon;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-lexicon-'));
  const out = join(dir, 'small.sqlite');
  buildLexicon({ rows: rowsOf(ROWS), out, rankOf, source: 'inline rows' });
  lexicon = openLexicon(out);
});
afterAll(() => {
  lexicon.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('forms', () => {
  it('orders variants by form rank, so the gold and its aliases never depend on chance', () => {
    expect(lexicon.forms('ręka', 'subst:pl:inst').map((r) => r.form)).toEqual(['rękoma', 'rękami']);
    expect(lexicon.form('ręka', 'inst:pl')).toBe('rękoma');
  });

  it('orders unranked variants by code point', () => {
    expect(lexicon.forms('noga', 'pl:inst').map((r) => r.form)).toEqual(['nogami', 'nogoma']);
  });

  it('returns one reading per lexeme and tag, lexeme id before tag', () => {
    const kot = lexicon.forms('kot', 'subst:pl:gen');
    expect(kot.map((r) => [r.form, r.tag, r.lexeme.gender])).toEqual([
      ['kotów', 'subst:pl:gen:m1', 'm1'],
      ['kotów', 'subst:pl:gen:m2', 'm2'],
    ]);
    expect(kot[0]?.features.case).toEqual(['gen']);
  });

  it('keeps homonymous lexemes apart', () => {
    const [m1, m2] = lexicon.lexemes({ lemma: 'pies' });
    expect([m1?.gender, m2?.gender]).toEqual(['m1', 'm2']);
    expect(lexicon.forms(m1 ?? 'pies', 'subst:pl:nom').map((r) => r.form)).toEqual(['psowie']);
    expect(lexicon.forms(m2 ?? 'pies', 'subst:pl:nom').map((r) => r.form)).toEqual(['psy']);
    // The depreciative "psy" belongs to the m1 noun although Morfologik tags it m2.
    const depr = lexicon.analyse('psy').find((r) => r.tag.startsWith('depr'));
    expect(depr?.lexeme.gender).toBe('m1');
  });

  it('matches a value inside a "." set: praet:sg:n2 finds było', () => {
    expect(lexicon.form('być', 'n2:praet:sg')).toBe('było');
  });

  it('throws instead of answering with nothing or a nearest form', () => {
    expect(() => lexicon.forms('kotek', 'subst:pl:gen')).toThrow(
      expect.objectContaining({ code: 'unknown_lemma', exitCode: 1 }),
    );
    expect(() => lexicon.forms('kot', 'subst:pl:inst')).toThrow(
      expect.objectContaining({ code: 'no_such_form', exitCode: 1 }),
    );
    expect(() => lexicon.forms('Kot', 'subst:pl:gen')).toThrow(/unknown lemma "Kot"/);
  });

  it('hands out copies: changing one answer does not change the next', () => {
    lexicon.forms('ręka', 'subst:pl:inst').pop();
    expect(lexicon.forms('ręka', 'subst:pl:inst')).toHaveLength(2);
  });
});

describe('analyse, lexemes, info', () => {
  it('gives every reading of a form, across lemmas', () => {
    expect(
      lexicon.analyse('taka').map((r) => `${r.lexeme.lemma}/${r.lexeme.pos}/${r.tag}`),
    ).toEqual(['taka/subst/subst:sg:nom:f', 'taki/adj/adj:sg:nom.voc:f:pos']);
    expect(() => lexicon.analyse('kotek')).toThrow(
      expect.objectContaining({ code: 'unknown_form' }),
    );
  });

  it('ranks a lexeme by forms no other lemma shares, and filters pools', () => {
    expect(lexicon.lexemes({ lemma: 'taka' })[0]?.rank).toBe(40);
    expect(lexicon.lexemes({ lemma: 'musieć' })[0]?.rank).toBe(10);
    expect(lexicon.lexemes({ lemma: 'Musiał' })[0]?.rank).toBeNull();
    expect(lexicon.forms('Musiał', 'nom')[0]?.rank).toBe(10);
    expect(lexicon.lexemes({ pos: 'subst', gender: 'f' }).map((l) => l.lemma)).toEqual([
      'ręka',
      'taka',
      'noga',
    ]);
    // kot m2 (koty) is the main lexeme and keeps the word's rank; kot m1 (kotowie) has no
    // ranked form of its own, so it drops out of ranked pools.
    expect(
      lexicon.lexemes({ pos: 'subst', gender: ['m1', 'm2'], maxRank: 3 }).map((l) => l.gender),
    ).toEqual(['m2']);
    expect(lexicon.lexemes({ lemma: 'kot' }).map((l) => [l.gender, l.sense, l.rank])).toEqual([
      ['m2', 1, 3],
      ['m1', 2, null],
    ]);
    expect(lexicon.lexemes({ lemma: 'kot', sense: 1 }).map((l) => l.gender)).toEqual(['m2']);
    expect(lexicon.lexemes({ limit: 1 })).toHaveLength(1);
    expect(() => lexicon.lexemes({ limit: -1 })).toThrow(/lexemes\(\): limit:/);
    expect(() => lexicon.lexemes({ gendr: 'f' } as never)).toThrow(
      expect.objectContaining({ code: 'lexicon_bad_filter', exitCode: 2 }),
    );
  });

  it('counts lemmas, lexemes, forms and readings', () => {
    expect(lexicon.info()).toMatchObject({
      source: 'inline rows',
      lemmas: 9,
      lexemes: 11,
      forms: 18,
    });
  });

  it('reports a file that is not a snapshot as a broken environment', () => {
    const notSqlite = join(dir, 'notes.sqlite');
    writeFileSync(notSqlite, 'not a database\n'.repeat(100));
    expect(() => openLexicon(notSqlite)).toThrow(
      expect.objectContaining({ code: 'lexicon_invalid', exitCode: 2 }),
    );
  });

  it('reports a missing snapshot as a broken environment', () => {
    expect(() => openLexicon(join(dir, 'none.sqlite'))).toThrow(
      expect.objectContaining({ code: 'lexicon_missing', exitCode: 2 }),
    );
  });
});
