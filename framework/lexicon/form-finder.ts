import type BetterSqlite3 from 'better-sqlite3';
import type { FormReading, Lexeme } from './lexicon.js';
import { LexiconError } from './lexicon-error.js';
import { parseQuery } from './parse-query.js';
import { remember } from './remember.js';
import type { TagTable } from './tag-table.js';
import { valueMasks } from './value-bits.js';
import { paradigmStore } from './paradigm-store.js';

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

/** The readings of a lemma or lexeme that match a query, with the lexemes they may belong to. */
export interface Matches {
  /** The distinct query values. */
  values: readonly string[];
  /** The lemma's lexemes in id order, or the one lexeme asked. */
  lexemes: readonly Lexeme[];
  /** In SCHEMA.md's order: form (rank, then code point), lexeme id, tag id. Never empty. */
  rows: readonly FormReading[];
}

export interface FormFinder {
  /** The readings matching a query; throws LexiconError unknown_lemma or no_such_form. */
  matches(lemma: string | Lexeme, query: string): Matches;
  forms(lemma: string | Lexeme, query: string): FormReading[];
}

// The query path of one open snapshot: the packed paradigms (paradigm-store.ts) answer in the
// order and with the content of SCHEMA.md's forms() query, with no statement per question once
// a lemma's bucket is read, and keep what they matched (bounded), since generators ask the same
// questions many times.
export function formFinder(db: BetterSqlite3.Database, tags: TagTable): FormFinder {
  const store = paradigmStore(db, tags);
  const parsed = new Map<string, { values: string[]; ok: Uint8Array }>();

  const matches = (lemma: string | Lexeme, query: string): Matches => {
    let q = parsed.get(query);
    if (!q) {
      const values = parseQuery(query);
      q = remember(parsed, query, { values, ok: tags.matching(valueMasks(values)) });
    }
    const name = typeof lemma === 'string' ? lemma : lemma.lemma;
    const found = store.match(name, query, q.ok);
    if (!found) throw new LexiconError('unknown_lemma', `unknown lemma "${name}"`);
    const rows =
      typeof lemma === 'string'
        ? found.readings
        : found.readings.filter((r) => r.lexeme.id === lemma.id);
    if (rows.length === 0) {
      const asked = typeof lemma === 'string' ? lemma : describeLexeme(lemma);
      throw new LexiconError('no_such_form', `lemma "${asked}" has no form matching "${query}"`);
    }
    return { values: q.values, lexemes: typeof lemma === 'string' ? found.lexemes : [lemma], rows };
  };

  return {
    matches,
    // Copied out, so a caller changing its answer cannot change the next one.
    forms: (lemma, query) => matches(lemma, query).rows.slice(),
  };
}
