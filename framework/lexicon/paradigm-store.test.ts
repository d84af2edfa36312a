// forms() and answer() read packed paradigms (pack-paradigms.ts, paradigm-store.ts); here a
// snapshot of several buckets, with lemmas that stress the packing (a form sharing nothing with
// its lemma, one cut inside a surrogate pair, a lemma longer than 255 code units, homonyms), is
// asked every question in a scrambled order, three times, and compared with the SQL of SCHEMA.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLexicon } from './build-lexicon.js';
import type { Lexicon } from './lexicon.js';
import { LexiconError } from './lexicon-error.js';
import { openLexicon } from './open-lexicon.js';
import { BUCKET_LEMMAS, packParadigms } from './pack-paradigms.js';
import type { SourceRow } from './plan-lexicon.js';
import { valueMasks } from './value-bits.js';

const GENDERS = ['m1', 'm2', 'm3', 'f', 'n2'];
const LONG = `${'a'.repeat(300)}x`;

// Nouns in -ów and -y, some with a substandard double, a few verbs, and the odd ones.
function sourceRows(): SourceRow[] {
  const rows: SourceRow[] = [];
  const noun = (lemma: string, gender: string, plural = `${lemma}y`) => {
    rows.push({ lemma, form: lemma, tags: `subst:sg:nom:${gender}` });
    rows.push({ lemma, form: `${lemma}a`, tags: `subst:sg:gen:${gender}` });
    rows.push({ lemma, form: plural, tags: `subst:pl:nom:${gender}+subst:pl:acc:${gender}` });
    rows.push({ lemma, form: `${lemma}ów`, tags: `subst:pl:gen:${gender}` });
  };
  for (let i = 0; i < 2 * BUCKET_LEMMAS + 7; i++) {
    const lemma = `${'kdżśń'[i % 5]}ot${'aąeęoó'[i % 6]}${i}`;
    noun(lemma, GENDERS[i % GENDERS.length] as string);
    if (i % 4 === 0) rows.push({ lemma, form: `${lemma}i`, tags: `subst:pl:gen:m3` });
  }
  for (const stem of ['czyta', 'pisa', 'grzeba', 'mó']) {
    const lemma = `${stem}ć`;
    rows.push({ lemma, form: `${stem}ła`, tags: 'verb:praet:sg:f:ter:imperf:nonrefl' });
    rows.push({ lemma, form: `${stem}ł`, tags: 'verb:praet:sg:m1.m2.m3:ter:imperf:nonrefl' });
    rows.push({ lemma, form: `${stem}ło`, tags: 'verb:praet:sg:n1.n2:ter:imperf:nonrefl' });
  }
  noun('człowiek', 'm1', 'ludzie');
  noun('pies', 'm2', 'psy');
  noun('pies', 'm1', 'psowie');
  noun('\u{1F600}kot', 'm2', '\u{1F601}koty');
  noun(LONG, 'f');
  return rows;
}

const RANKS = new Map([
  ['kota0', 3],
  ['ludzie', 1],
  ['psy', 2],
  ['czytała', 5],
]);

let dir: string;
let out: string;
let lexicon: Lexicon;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-paradigms-'));
  out = join(dir, 'paradigms.sqlite');
  buildLexicon({ rows: sourceRows(), out, rankOf: (f) => RANKS.get(f) ?? null, source: 'test' });
  lexicon = openLexicon(out);
});
afterAll(() => {
  lexicon.close();
  rmSync(dir, { recursive: true, force: true });
});

const QUERIES = ['subst:pl:gen', 'sg', 'pl:nom', 'praet:sg:f', 'subst', 'verb:n2'];

// What forms() answers, as rows of the SQL below; [] for no such form.
function viaApi(lemma: string, query: string): unknown[][] {
  try {
    return lexicon
      .forms(lemma, query)
      .map((r) => [r.form, r.tag, r.lexeme.id, r.rank, r.variant, r.lexeme]);
  } catch (error) {
    if (error instanceof LexiconError && error.code === 'no_such_form') return [];
    throw error;
  }
}

describe('the packed paradigms', () => {
  it('span several buckets', () => {
    const db = new (createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3)(out, {
      readonly: true,
    });
    try {
      expect(db.prepare('SELECT count(*) FROM paradigm_buckets').pluck().get()).toBe(3);
    } finally {
      db.close();
    }
  });

  it('give every question, asked in any order and again, what the SQL of SCHEMA.md gives', () => {
    const db = new (createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3)(out, {
      readonly: true,
    });
    try {
      const forms = db
        .prepare(
          `SELECT f.form, t.tag, r.lexeme_id, f.rank, r.variant, l.id, l.lemma, l.pos, l.gender,
             l.aspect, l.reflexivity, l.sense, l.rank
           FROM readings r JOIN forms f ON f.id = r.form_id JOIN tags t ON t.id = r.tag_id
           JOIN lexemes l ON l.id = r.lexeme_id
           WHERE r.lexeme_id IN (SELECT id FROM lexemes WHERE lemma = ?)
             AND (t.mask0 & ?) = ? AND (t.mask1 & ?) = ? AND (t.mask2 & ?) = ?
           ORDER BY r.form_id, r.lexeme_id, r.tag_id`,
        )
        .raw();
      const lemmas = db.prepare('SELECT DISTINCT lemma FROM lexemes').pluck().all() as string[];
      // Scrambled: every bucket is first read through some lemma in its middle.
      const order = lemmas.map((l, i) => [l, (i * 37) % lemmas.length] as const);
      order.sort((a, b) => a[1] - b[1]);
      let compared = 0;
      for (let round = 0; round < 3; round++) {
        for (const query of QUERIES) {
          const [q0 = 0, q1 = 0, q2 = 0] = valueMasks(query.split(':'));
          for (const [lemma] of order) {
            const expected = (forms.all(lemma, q0, q0, q1, q1, q2, q2) as unknown[][]).map((r) => {
              const [id, name, pos, gender, aspect, reflexivity, sense, rank] = r.slice(5);
              const lexeme = { id, lemma: name, pos, gender, aspect, reflexivity, sense, rank };
              return [...r.slice(0, 5), lexeme];
            });
            const got = viaApi(lemma, query);
            expect(got, `${lemma} ${query}`).toEqual(expected);
            // A caller changing its answer changes nothing for the next ask.
            got.pop();
            compared += expected.length;
          }
        }
      }
      expect(compared).toBeGreaterThan(1000);
    } finally {
      db.close();
    }
  });

  it('keep the forms that share nothing, or half a surrogate pair, with their lemma', () => {
    expect(lexicon.forms('człowiek', 'subst:pl:nom').map((r) => r.form)).toEqual(['ludzie']);
    expect(lexicon.forms('\u{1F600}kot', 'pl:nom').map((r) => r.form)).toEqual(['\u{1F601}koty']);
    expect(lexicon.forms(LONG, 'pl:gen').map((r) => r.form)).toEqual([`${LONG}ów`]);
  });

  it('hand out frozen readings and lexemes, shared between asks', () => {
    const [first] = lexicon.forms('pies', 'subst:pl:nom');
    const [again] = lexicon.forms('pies', 'subst:pl:nom');
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.lexeme)).toBe(true);
    expect(again?.lexeme).toBe(first?.lexeme);
  });

  it('tell an unknown lemma from a known one, in a bucket read or not', () => {
    lexicon.forms('pies', 'sg');
    for (const lemma of ['piesek', 'Pies', '', 'kota0 ', `${LONG}x`]) {
      expect(() => lexicon.forms(lemma, 'sg'), lemma).toThrow(/unknown lemma/);
    }
  });
});

describe('packParadigms', () => {
  it('refuses a lemma with a line break, which would split the bucket names', () => {
    const plan = {
      lexemes: [
        {
          lemma: 'a\nb',
          pos: 'subst',
          gender: 'f',
          aspect: null,
          reflexivity: null,
          sense: 1,
          rank: null,
        },
      ],
      forms: [{ form: 'a\nb', rank: null }],
      tags: [],
      readings: [[1, 1, 1, 0]] as [number, number, number, number][],
    };
    expect(() => packParadigms(plan)).toThrow(/line break/);
  });
});
