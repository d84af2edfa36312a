// forms() reads the packed paradigms of data/morphology.sqlite; here every lemma of the vendored
// snapshot, with queries of every class, gives exactly the readings (form, tag, lexeme, rank,
// variant) of the SQL in SCHEMA.md, in its order.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lexicon, LexiconError, openLexicon } from '../../framework/lexicon/index.js';
import { packagePath } from '../../framework/package-root.js';

const SNAPSHOT = packagePath('data', 'morphology.sqlite');
const QUERIES = ['subst:pl:gen', 'sg:nom', 'praet:sg:f', 'adj:pl:nom:m1:pos', 'num:inst', 'adv'];

let lexicon: Lexicon;
let db: BetterSqlite3.Database;
beforeAll(() => {
  lexicon = openLexicon(SNAPSHOT);
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  db = new Database(SNAPSHOT, { readonly: true });
});
afterAll(() => {
  lexicon.close();
  db.close();
});

describe('the packed paradigms of the vendored snapshot', () => {
  it('answer every lemma as the SQL of SCHEMA.md does', () => {
    const bits = new Map(
      (
        db.prepare('SELECT value, word, bit FROM value_bits').raw().all() as [
          string,
          number,
          number,
        ][]
      ).map(([value, word, bit]) => [value, [word, bit]] as const),
    );
    const sql = db
      .prepare(
        `SELECT f.form, t.tag, r.lexeme_id, f.rank, r.variant FROM readings r
         JOIN forms f ON f.id = r.form_id JOIN tags t ON t.id = r.tag_id
         WHERE r.lexeme_id IN (SELECT id FROM lexemes WHERE lemma = ?)
           AND (t.mask0 & ?) = ? AND (t.mask1 & ?) = ? AND (t.mask2 & ?) = ?
         ORDER BY r.form_id, r.lexeme_id, r.tag_id`,
      )
      .raw();
    const lemmas = db.prepare('SELECT DISTINCT lemma FROM lexemes').pluck().all() as string[];
    let rows = 0;
    for (const query of QUERIES) {
      const q = [0, 0, 0];
      for (const value of query.split(':')) {
        const [word = 0, bit = 0] = bits.get(value) ?? [];
        q[word] = (q[word] ?? 0) | (1 << bit);
      }
      const [q0, q1, q2] = q;
      for (const lemma of lemmas) {
        let got: unknown[][] = [];
        try {
          got = lexicon
            .forms(lemma, query)
            .map((r) => [r.form, r.tag, r.lexeme.id, r.rank, r.variant]);
        } catch (error) {
          if (!(error instanceof LexiconError) || error.code !== 'no_such_form') throw error;
        }
        const expected = sql.all(lemma, q0, q0, q1, q1, q2, q2) as unknown[][];
        if (JSON.stringify(got) !== JSON.stringify(expected)) {
          expect(got, `${lemma} ${query}`).toEqual(expected);
        }
        rows += expected.length;
      }
    }
    expect(lemmas.length).toBeGreaterThan(10_000);
    expect(rows).toBeGreaterThan(50_000);
  }, 300_000);
});
