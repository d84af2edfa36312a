// The SQL that framework/lexicon/SCHEMA.md gives to other languages must return exactly what
// forms() returns, in the same order: checked here with SQLite itself and with Python's sqlite3.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lexicon, LexiconError, openLexicon } from '../../framework/lexicon/index.js';
import { packagePath } from '../../framework/package-root.js';

const SNAPSHOT = packagePath('data', 'morphology.sqlite');
const QUERIES = [
  'subst:pl:gen',
  'sg:inst',
  'praet:sg:f',
  'fin:pl:ter',
  'adj:pl:nom:m1:pos',
  'num:gen',
  'inf',
];

// The forms() query of SCHEMA.md, with the three query masks.
const FORMS_SQL = `SELECT f.form, t.tag, r.lexeme_id
FROM readings r
JOIN forms f ON f.id = r.form_id
JOIN tags t ON t.id = r.tag_id
WHERE r.lexeme_id IN (SELECT id FROM lexemes WHERE lemma = ?)
  AND (t.mask0 & ?) = ? AND (t.mask1 & ?) = ? AND (t.mask2 & ?) = ?
ORDER BY r.form_id, r.lexeme_id, r.tag_id`;

// Its readable variant over tag_values, for `n` distinct query values.
const formsByValuesSql = (n: number) => `SELECT f.form, t.tag, r.lexeme_id
FROM readings r
JOIN forms f ON f.id = r.form_id
JOIN tags t ON t.id = r.tag_id
WHERE r.lexeme_id IN (SELECT id FROM lexemes WHERE lemma = ?)
  AND r.tag_id IN (SELECT tag_id FROM tag_values WHERE value IN (${Array(n).fill('?').join(', ')})
                   GROUP BY tag_id HAVING COUNT(*) = ?)
ORDER BY r.form_id, r.lexeme_id, r.tag_id`;

let lexicon: Lexicon;
let pairs: [string, string][];
beforeAll(() => {
  lexicon = openLexicon(SNAPSHOT);
  const lemmas = ['subst', 'verb', 'adj', 'num'].flatMap((pos) =>
    lexicon.lexemes({ pos, limit: 40 }).map((l) => l.lemma),
  );
  pairs = [...new Set(lemmas)].flatMap((lemma) => QUERIES.map((q): [string, string] => [lemma, q]));
});
afterAll(() => lexicon.close());

// What forms() answers, as [form, tag, lexeme id] rows; [] for "no such form".
function viaApi(lemma: string, query: string): [string, string, number][] {
  try {
    return lexicon.forms(lemma, query).map((r) => [r.form, r.tag, r.lexeme.id]);
  } catch (error) {
    if (error instanceof LexiconError && error.code === 'no_such_form') return [];
    throw error;
  }
}

describe('the documented SQL', () => {
  it('returns what forms() returns, in order, with masks and with tag_values', () => {
    const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
    const db = new Database(SNAPSHOT, { readonly: true });
    try {
      const bits = new Map(
        (
          db.prepare('SELECT value, word, bit FROM value_bits').raw().all() as [
            string,
            number,
            number,
          ][]
        ).map(([value, word, bit]) => [value, [word, bit] as const]),
      );
      const byMasks = db.prepare(FORMS_SQL).raw();
      let found = 0;
      for (const [lemma, query] of pairs) {
        const values = [...new Set(query.split(':'))];
        const q = [0, 0, 0];
        for (const value of values) {
          const [word = 0, bit = 0] = bits.get(value) ?? [];
          q[word] = (q[word] ?? 0) | (1 << bit);
        }
        const expected = viaApi(lemma, query);
        expect(byMasks.all(lemma, q[0], q[0], q[1], q[1], q[2], q[2]), `${lemma} ${query}`).toEqual(
          expected,
        );
        const byValues = db.prepare(formsByValuesSql(values.length)).raw();
        expect(byValues.all(lemma, ...values, values.length), `${lemma} ${query}`).toEqual(
          expected,
        );
        found += expected.length;
      }
      expect(found).toBeGreaterThan(500);
    } finally {
      db.close();
    }
  });

  it('gives the same rows from Python’s sqlite3', (context) => {
    if (spawnSync('python3', ['--version']).status !== 0 && !process.env.CI) {
      console.warn('SKIPPED: python3 is not installed');
      context.skip();
    }
    // The Python example of SCHEMA.md, returning the lexeme id too.
    const script = `
import json, sqlite3, sys
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
BITS = {v: (w, b) for v, w, b in db.execute("SELECT value, word, bit FROM value_bits")}
FORMS = """SELECT f.form, t.tag, r.lexeme_id FROM readings r
  JOIN forms f ON f.id = r.form_id JOIN tags t ON t.id = r.tag_id
  WHERE r.lexeme_id IN (SELECT id FROM lexemes WHERE lemma = ?)
    AND (t.mask0 & ?) = ? AND (t.mask1 & ?) = ? AND (t.mask2 & ?) = ?
  ORDER BY r.form_id, r.lexeme_id, r.tag_id"""
def forms(lemma, query):
    q = [0, 0, 0]
    for value in query.split(":"):
        word, bit = BITS[value]
        q[word] |= 1 << bit
    return db.execute(FORMS, [lemma, q[0], q[0], q[1], q[1], q[2], q[2]]).fetchall()
json.dump([forms(lemma, query) for lemma, query in json.load(sys.stdin)], sys.stdout, ensure_ascii=False)
`;
    const run = spawnSync('python3', ['-c', script, SNAPSHOT], {
      input: JSON.stringify(pairs),
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(pairs.map(([lemma, query]) => viaApi(lemma, query)));
  });
});
