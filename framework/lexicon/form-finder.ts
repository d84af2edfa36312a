import type BetterSqlite3 from 'better-sqlite3';
import type { FormReading, Lexeme } from './lexicon.js';
import { LexiconError } from './lexicon-error.js';
import { parseQuery, tagMatches } from './parse-query.js';
import { remember } from './remember.js';
import type { TagTable } from './tag-table.js';

/** A lexeme row as the statements return it: id, lemma, pos, gender, rank. */
export type LexemeRow = [number, string, string, string | null, number | null];
/** One cached reading of a lexeme: form id for ordering, tag id for matching, the reading itself. */
type CachedReading = { formId: number; tagId: number; reading: FormReading };

// A lexeme row as a frozen Lexeme, safe to share between answers.
export const toLexeme = (row: LexemeRow): Lexeme =>
  Object.freeze({ id: row[0], lemma: row[1], pos: row[2], gender: row[3], rank: row[4] });

// The forms() of one open snapshot: its statements are prepared once, and lexemes, their
// readings and answers are memoised (bounded) since generators ask the same questions often.
export function formFinder(
  db: BetterSqlite3.Database,
  tags: TagTable,
): (lemma: string | Lexeme, query: string) => FormReading[] {
  const byLemma = db
    .prepare('SELECT id, lemma, pos, gender, rank FROM lexemes WHERE lemma = ? ORDER BY id')
    .raw();
  const readingsOf = db
    .prepare(
      `SELECT r.form_id, f.form, f.rank, r.tag_id FROM readings r JOIN forms f ON f.id = r.form_id
       WHERE r.lexeme_id = ? ORDER BY r.form_id, r.tag_id`,
    )
    .raw();
  const queries = new Map<string, string[]>();
  const lemmas = new Map<string, Lexeme[]>();
  const readings = new Map<number, CachedReading[]>();
  const answers = new Map<string, FormReading[]>();

  const lexemesOf = (lemma: string): Lexeme[] =>
    lemmas.get(lemma) ?? remember(lemmas, lemma, (byLemma.all(lemma) as LexemeRow[]).map(toLexeme));
  const readingsOfLexeme = (lexeme: Lexeme): CachedReading[] =>
    readings.get(lexeme.id) ??
    remember(
      readings,
      lexeme.id,
      (readingsOf.all(lexeme.id) as [number, string, number | null, number][]).map(
        ([formId, form, rank, tagId]) => {
          const { tag, features } = tags.get(tagId);
          return { formId, tagId, reading: Object.freeze({ form, tag, features, lexeme, rank }) };
        },
      ),
    );

  const find = (lemma: string | Lexeme, query: string): FormReading[] => {
    const values = queries.get(query) ?? remember(queries, query, parseQuery(query));
    const lexemes = typeof lemma === 'string' ? lexemesOf(lemma) : [lemma];
    if (lexemes.length === 0) {
      throw new LexiconError('unknown_lemma', `unknown lemma "${String(lemma)}"`);
    }
    const hits: CachedReading[] = [];
    for (const lexeme of lexemes) {
      for (const entry of readingsOfLexeme(lexeme)) {
        if (tagMatches(tags.get(entry.tagId).values, values)) hits.push(entry);
      }
    }
    if (hits.length === 0) {
      const name =
        typeof lemma === 'string'
          ? lemma
          : `${lemma.lemma} (${lemma.pos}${lemma.gender ? ` ${lemma.gender}` : ''})`;
      throw new LexiconError('no_such_form', `lemma "${name}" has no form matching "${query}"`);
    }
    // Each lexeme's readings are already in (form id, tag id) order: only a merge is left.
    if (lexemes.length > 1) {
      hits.sort(
        (a, b) =>
          a.formId - b.formId || a.reading.lexeme.id - b.reading.lexeme.id || a.tagId - b.tagId,
      );
    }
    return hits.map((h) => h.reading);
  };

  return (lemma, query) => {
    const key = typeof lemma === 'string' ? `${lemma}\0${query}` : `#${lemma.id}\0${query}`;
    // Copied out, so a caller changing its answer cannot change the next one.
    return (answers.get(key) ?? remember(answers, key, find(lemma, query))).slice();
  };
}
