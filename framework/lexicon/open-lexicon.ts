import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { RpeError } from '../errors.js';
import { packagePath } from '../package-root.js';
import type { FormReading, Lexeme, LexemeFilter, Lexicon, LexiconInfo } from './lexicon.js';
import { LexiconError } from './lexicon-error.js';
import { parseQuery, tagMatches } from './parse-query.js';
import { tagTable } from './tag-table.js';
import { SCHEMA_VERSION } from './schema.js';
import { lexemesStatement } from './lexemes-statement.js';

type LexemeRow = [number, string, string, string | null, number | null];
/** One cached reading of a lexeme: form id for ordering, tag id for matching, the reading itself. */
type CachedReading = { formId: number; tagId: number; reading: FormReading };

const CACHE_LIMIT = 4096;

// Opens a snapshot read-only (default: the bundled data/morphology.sqlite).
export function openLexicon(path: string = packagePath('data', 'morphology.sqlite')): Lexicon {
  if (!existsSync(path)) {
    throw new RpeError(
      'lexicon_missing',
      `${path}: morphology snapshot not found; run \`rpe lexicon build\``,
    );
  }
  // Loaded here, not at import time, so importing the framework stays cheap.
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  const version = db.pragma('user_version', { simple: true });
  if (version !== SCHEMA_VERSION) {
    db.close();
    throw new RpeError(
      'lexicon_invalid',
      `${path}: schema version ${String(version)}, expected ${SCHEMA_VERSION}`,
    );
  }
  const byLemma = db
    .prepare('SELECT id, lemma, pos, gender, rank FROM lexemes WHERE lemma = ? ORDER BY id')
    .raw();
  const readingsOf = db
    .prepare(
      `SELECT r.form_id, f.form, f.rank, r.tag_id FROM readings r JOIN forms f ON f.id = r.form_id
       WHERE r.lexeme_id = ? ORDER BY r.form_id, r.tag_id`,
    )
    .raw();
  const analyseForm = db
    .prepare(
      `SELECT l.id, l.lemma, l.pos, l.gender, l.rank, f.rank, r.tag_id FROM forms f
       JOIN readings r ON r.form_id = f.id JOIN lexemes l ON l.id = r.lexeme_id
       WHERE f.form = ? ORDER BY r.lexeme_id, r.tag_id`,
    )
    .raw();
  const lexemeStatements = new Map<string, BetterSqlite3.Statement>();

  const tags = tagTable(db, path);
  const tagOf = (id: number) => tags.get(id);
  const toLexeme = (row: LexemeRow): Lexeme =>
    Object.freeze({ id: row[0], lemma: row[1], pos: row[2], gender: row[3], rank: row[4] });

  const queries = new Map<string, string[]>();
  const lemmaCache = new Map<string, Lexeme[]>();
  const readingCache = new Map<number, CachedReading[]>();

  const lexemesOfLemma = (lemma: string): Lexeme[] => {
    let found = lemmaCache.get(lemma);
    if (!found) {
      found = (byLemma.all(lemma) as LexemeRow[]).map(toLexeme);
      remember(lemmaCache, lemma, found);
    }
    return found;
  };
  const readingsOfLexeme = (lexeme: Lexeme): CachedReading[] => {
    let found = readingCache.get(lexeme.id);
    if (!found) {
      found = (readingsOf.all(lexeme.id) as [number, string, number | null, number][]).map(
        ([formId, form, rank, tagId]) => {
          const { tag, features } = tagOf(tagId);
          return { formId, tagId, reading: Object.freeze({ form, tag, features, lexeme, rank }) };
        },
      );
      remember(readingCache, lexeme.id, found);
    }
    return found;
  };

  const findForms = (lemma: string | Lexeme, query: string): FormReading[] => {
    let values = queries.get(query);
    if (!values) queries.set(query, (values = parseQuery(query)));
    const lexemes = typeof lemma === 'string' ? lexemesOfLemma(lemma) : [lemma];
    if (lexemes.length === 0)
      throw new LexiconError('unknown_lemma', `unknown lemma "${String(lemma)}"`);
    const hits: CachedReading[] = [];
    for (const lexeme of lexemes) {
      for (const entry of readingsOfLexeme(lexeme)) {
        if (tagMatches(tagOf(entry.tagId).values, values)) hits.push(entry);
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
  // Generators ask the same few questions many times: answers are kept (bounded) and copied out.
  const answers = new Map<string, FormReading[]>();
  const forms = (lemma: string | Lexeme, query: string): FormReading[] => {
    const key = typeof lemma === 'string' ? `${lemma}\0${query}` : `#${lemma.id}\0${query}`;
    let answer = answers.get(key);
    if (!answer) remember(answers, key, (answer = findForms(lemma, query)));
    return answer.slice();
  };

  return {
    forms,
    form: (lemma, query) => (forms(lemma, query)[0] as FormReading).form,
    analyse(form) {
      const rows = analyseForm.all(form) as [...LexemeRow, number | null, number][];
      if (rows.length === 0) throw new LexiconError('unknown_form', `unknown form "${form}"`);
      return rows.map((row) => {
        const { tag, features } = tagOf(row[6]);
        return {
          form,
          tag,
          features,
          lexeme: toLexeme([row[0], row[1], row[2], row[3], row[4]]),
          rank: row[5],
        };
      });
    },
    lexemes(filter: LexemeFilter = {}) {
      const { statement, params } = lexemesStatement(db, lexemeStatements, filter);
      return (statement.all(...params) as LexemeRow[]).map(toLexeme);
    },
    info(): LexiconInfo {
      const count = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;
      const source = db.prepare("SELECT value FROM meta WHERE key = 'source'").pluck().get() as
        string | undefined;
      return {
        path,
        source: source ?? 'unknown',
        lemmas: count('SELECT COUNT(DISTINCT lemma) FROM lexemes'),
        lexemes: count('SELECT COUNT(*) FROM lexemes'),
        forms: count('SELECT COUNT(*) FROM forms'),
        readings: count('SELECT COUNT(*) FROM readings'),
      };
    },
    close: () => db.close(),
  };
}

// A bounded memo: the oldest entry goes when the cache is full, so memory stays flat on long runs.
function remember<K, V>(cache: Map<K, V>, key: K, value: V): void {
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, value);
}
