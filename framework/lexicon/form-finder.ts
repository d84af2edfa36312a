import type BetterSqlite3 from 'better-sqlite3';
import type { FormReading, Lexeme } from './lexicon.js';
import { LexiconError } from './lexicon-error.js';
import { parseQuery } from './parse-query.js';
import { remember } from './remember.js';
import type { TagTable } from './tag-table.js';
import { valueMasks } from './value-bits.js';

/** A lexeme row as the statements return it, in the column order of LEXEME_COLUMNS. */
export type LexemeRow = [
  number,
  string,
  string,
  string | null,
  string | null,
  string | null,
  number,
  number | null,
];

/** The lexeme columns every statement selects, in LexemeRow order. */
export const LEXEME_COLUMNS = 'id, lemma, pos, gender, aspect, reflexivity, sense, rank';

/** One matching reading: form, its rank, tag id, lexeme id, form id, variant code. */
export type ReadingRow = [
  form: string,
  rank: number | null,
  tagId: number,
  lexemeId: number,
  formId: number,
  variant: number,
];

// A lexeme row as a frozen Lexeme, safe to share between answers.
export const toLexeme = (row: LexemeRow): Lexeme =>
  Object.freeze({
    id: row[0],
    lemma: row[1],
    pos: row[2],
    gender: row[3],
    aspect: row[4],
    reflexivity: row[5],
    sense: row[6],
    rank: row[7],
  });

/** How a lexeme is named in messages: lemma, then what sets it apart. */
export function describeLexeme(l: Lexeme): string {
  const marks = [l.pos, l.gender, l.aspect, l.reflexivity].filter((m) => m !== null);
  return `${l.lemma} (${marks.join(' ')}${l.sense > 1 ? `, sense ${l.sense}` : ''})`;
}

// The query of SCHEMA.md, filtering by the tag masks inside SQLite; `lexemes` selects the lexemes.
const readingsSql = (
  lexemes: string,
) => `SELECT f.form, f.rank, r.tag_id, r.lexeme_id, r.form_id, r.variant
  FROM readings r JOIN forms f ON f.id = r.form_id JOIN tags t ON t.id = r.tag_id
  WHERE r.lexeme_id ${lexemes}
    AND (t.mask0 & ?) = ? AND (t.mask1 & ?) = ? AND (t.mask2 & ?) = ?
  ORDER BY r.form_id, r.lexeme_id, r.tag_id`;

/** The readings of a lemma or lexeme that match a query, with the lexemes they may belong to. */
export interface Matches {
  /** The distinct query values. */
  values: readonly string[];
  /** The lemma's lexemes in id order, or the one lexeme asked. */
  lexemes: readonly Lexeme[];
  /** In SCHEMA.md's order: form id, lexeme id, tag id. Never empty. */
  rows: readonly ReadingRow[];
}

export interface FormFinder {
  /** The readings matching a query; throws LexiconError unknown_lemma or no_such_form. */
  matches(lemma: string | Lexeme, query: string): Matches;
  forms(lemma: string | Lexeme, query: string): FormReading[];
}

// The query path of one open snapshot. Its statements are prepared once; lexemes and answers
// are memoised (bounded), since generators ask the same questions many times.
export function formFinder(db: BetterSqlite3.Database, tags: TagTable): FormFinder {
  const byLemma = db
    .prepare(`SELECT ${LEXEME_COLUMNS} FROM lexemes WHERE lemma = ? ORDER BY id`)
    .raw();
  const ofLemma = db.prepare(readingsSql('IN (SELECT id FROM lexemes WHERE lemma = ?)')).raw();
  const ofLexeme = db.prepare(readingsSql('= ?')).raw();
  const parsed = new Map<string, { values: string[]; masks: number[] }>();
  const lemmas = new Map<string, Lexeme[]>();
  const found = new Map<string, Matches>();
  const answers = new Map<string, FormReading[]>();

  const lexemesOf = (lemma: string): Lexeme[] =>
    lemmas.get(lemma) ?? remember(lemmas, lemma, (byLemma.all(lemma) as LexemeRow[]).map(toLexeme));

  const find = (lemma: string | Lexeme, query: string): Matches => {
    let q = parsed.get(query);
    if (!q) {
      const values = parseQuery(query);
      q = remember(parsed, query, { values, masks: valueMasks(values) });
    }
    const [q0 = 0, q1 = 0, q2 = 0] = q.masks;
    const lexemes = typeof lemma === 'string' ? lexemesOf(lemma) : [lemma];
    if (lexemes.length === 0) {
      throw new LexiconError('unknown_lemma', `unknown lemma "${String(lemma)}"`);
    }
    const statement = typeof lemma === 'string' ? ofLemma : ofLexeme;
    const key = typeof lemma === 'string' ? lemma : lemma.id;
    const rows = statement.all(key, q0, q0, q1, q1, q2, q2) as ReadingRow[];
    if (rows.length === 0) {
      const name = typeof lemma === 'string' ? lemma : describeLexeme(lemma);
      throw new LexiconError('no_such_form', `lemma "${name}" has no form matching "${query}"`);
    }
    return { values: q.values, lexemes, rows };
  };
  const keyOf = (lemma: string | Lexeme, query: string) =>
    typeof lemma === 'string' ? `${lemma}\0${query}` : `#${lemma.id}\0${query}`;
  const matches = (lemma: string | Lexeme, query: string): Matches => {
    const key = keyOf(lemma, query);
    return found.get(key) ?? remember(found, key, find(lemma, query));
  };

  return {
    matches,
    forms(lemma, query) {
      const key = keyOf(lemma, query);
      let readings = answers.get(key);
      if (!readings) {
        const { lexemes, rows } = matches(lemma, query);
        const lexemeById = new Map(lexemes.map((l) => [l.id, l]));
        readings = rows.map(([form, rank, tagId, lexemeId]) => {
          const { tag, features } = tags.get(tagId);
          const lexeme = lexemeById.get(lexemeId) ?? (lexemes[0] as Lexeme);
          return Object.freeze({ form, tag, features, lexeme, rank });
        });
        remember(answers, key, readings);
      }
      // Copied out, so a caller changing its answer cannot change the next one.
      return readings.slice();
    },
  };
}
