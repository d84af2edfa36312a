import type BetterSqlite3 from 'better-sqlite3';
import type { FormReading, Lexeme } from './lexicon.js';
import { LexiconError } from './lexicon-error.js';
import { parseQuery } from './parse-query.js';
import { remember } from './remember.js';
import type { TagTable } from './tag-table.js';
import { valueMasks } from './value-bits.js';

/** A lexeme row as the statements return it: id, lemma, pos, gender, rank. */
export type LexemeRow = [number, string, string, string | null, number | null];
type ReadingRow = [form: string, rank: number | null, tagId: number, lexemeId: number];

// A lexeme row as a frozen Lexeme, safe to share between answers.
export const toLexeme = (row: LexemeRow): Lexeme =>
  Object.freeze({ id: row[0], lemma: row[1], pos: row[2], gender: row[3], rank: row[4] });

// The query of SCHEMA.md, filtering by the tag masks inside SQLite; `lexemes` selects the lexemes.
const formsSql = (lexemes: string) => `SELECT f.form, f.rank, r.tag_id, r.lexeme_id
  FROM readings r JOIN forms f ON f.id = r.form_id JOIN tags t ON t.id = r.tag_id
  WHERE r.lexeme_id ${lexemes}
    AND (t.mask0 & ?) = ? AND (t.mask1 & ?) = ? AND (t.mask2 & ?) = ?
  ORDER BY r.form_id, r.lexeme_id, r.tag_id`;

// The forms() of one open snapshot. Its two statements are prepared once; lexemes and answers
// are memoised (bounded), since generators ask the same questions many times.
export function formFinder(
  db: BetterSqlite3.Database,
  tags: TagTable,
): (lemma: string | Lexeme, query: string) => FormReading[] {
  const byLemma = db
    .prepare('SELECT id, lemma, pos, gender, rank FROM lexemes WHERE lemma = ? ORDER BY id')
    .raw();
  const ofLemma = db.prepare(formsSql('IN (SELECT id FROM lexemes WHERE lemma = ?)')).raw();
  const ofLexeme = db.prepare(formsSql('= ?')).raw();
  const masks = new Map<string, number[]>();
  const lemmas = new Map<string, Lexeme[]>();
  const answers = new Map<string, FormReading[]>();

  const lexemesOf = (lemma: string): Lexeme[] =>
    lemmas.get(lemma) ?? remember(lemmas, lemma, (byLemma.all(lemma) as LexemeRow[]).map(toLexeme));

  const find = (lemma: string | Lexeme, query: string): FormReading[] => {
    const [q0 = 0, q1 = 0, q2 = 0] =
      masks.get(query) ?? remember(masks, query, valueMasks(parseQuery(query)));
    const lexemes = typeof lemma === 'string' ? lexemesOf(lemma) : [lemma];
    if (lexemes.length === 0) {
      throw new LexiconError('unknown_lemma', `unknown lemma "${String(lemma)}"`);
    }
    const statement = typeof lemma === 'string' ? ofLemma : ofLexeme;
    const key = typeof lemma === 'string' ? lemma : lemma.id;
    const rows = statement.all(key, q0, q0, q1, q1, q2, q2) as ReadingRow[];
    if (rows.length === 0) {
      const name =
        typeof lemma === 'string'
          ? lemma
          : `${lemma.lemma} (${lemma.pos}${lemma.gender ? ` ${lemma.gender}` : ''})`;
      throw new LexiconError('no_such_form', `lemma "${name}" has no form matching "${query}"`);
    }
    const lexemeById = new Map(lexemes.map((l) => [l.id, l]));
    return rows.map(([form, rank, tagId, lexemeId]) => {
      const { tag, features } = tags.get(tagId);
      const lexeme = lexemeById.get(lexemeId) ?? (lexemes[0] as Lexeme);
      return Object.freeze({ form, tag, features, lexeme, rank });
    });
  };

  return (lemma, query) => {
    const key = typeof lemma === 'string' ? `${lemma}\0${query}` : `#${lemma.id}\0${query}`;
    // Copied out, so a caller changing its answer cannot change the next one.
    return (answers.get(key) ?? remember(answers, key, find(lemma, query))).slice();
  };
}
