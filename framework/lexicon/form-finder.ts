import type BetterSqlite3 from 'better-sqlite3';
import type { FormReading, Lexeme } from './lexicon.js';
import { LexiconError } from './lexicon-error.js';
import { parseQuery } from './parse-query.js';
import { QUERY_MEMO_LIMIT, remember } from './remember.js';
import type { TagTable } from './tag-table.js';
import { valueMasks } from './value-bits.js';
import { paradigmStore } from './paradigm-store.js';
import { nearestLemmas, unknownLemmaMessage } from './nearest-lemmas.js';

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
  /** Whether the question was asked before (worth keeping what is made of it). */
  repeated: boolean;
}

export interface FormFinder {
  /** The readings matching a query; throws LexiconError unknown_lemma or no_such_form. */
  matches(lemma: string | Lexeme, query: string): Matches;
  forms(lemma: string | Lexeme, query: string): FormReading[];
}

// The query path of one open snapshot: the packed paradigms (paradigm-store.ts) answer in the
// order and with the content of SCHEMA.md's forms() query. A query string is parsed and checked
// once. Most questions of a run are asked once, so the first answer is handed out as it is made;
// a question asked again keeps its answer (bounded), since some generators ask the same
// questions many times.
export function formFinder(db: BetterSqlite3.Database, tags: TagTable): FormFinder {
  const store = paradigmStore(db, tags);
  const queries = new Map<string, Query>();

  const queryOf = (query: string): Query => {
    let q = queries.get(query);
    if (q === undefined) {
      const values = parseQuery(query);
      const ok = tags.matching(valueMasks(values));
      const asked = new Uint8Array(store.size());
      q = remember(queries, query, { values, ok, asked, kept: new Map() }, QUERY_MEMO_LIMIT);
    }
    return q;
  };

  const noSuchForm = (asked: string, query: string) =>
    new LexiconError('no_such_form', `lemma "${asked}" has no form matching "${query}"`);

  // Every lemma, read once the first unknown one is asked: its error names the nearest ones.
  let lemmas: string[] | undefined;
  const unknown = (lemma: string) => {
    lemmas ??= db.prepare('SELECT lemma FROM paradigm_lemmas').pluck().all() as string[];
    return new LexiconError(
      'unknown_lemma',
      unknownLemmaMessage(lemma, nearestLemmas(lemma, lemmas)),
    );
  };

  // The lemma's matching readings made anew, as an array the caller owns; the second time a
  // question is asked, a copy is kept for the next times.
  const make = (lemma: string, q: Query): FormReading[] => {
    const rows = store.readings(lemma, q.ok);
    if (rows === undefined) throw unknown(lemma);
    const n = store.found();
    if (q.asked[n] === 1) remember(q.kept, lemma, rows.slice());
    else q.asked[n] = 1;
    return rows;
  };

  const matches = (lemma: string | Lexeme, query: string): Matches => {
    const q = queryOf(query);
    const name = typeof lemma === 'string' ? lemma : lemma.lemma;
    const kept = q.kept.get(name);
    const all = kept ?? make(name, q);
    // make() keeps what it makes when the question was asked before.
    const repeated = kept !== undefined || q.kept.has(name);
    if (typeof lemma === 'string') {
      if (all.length === 0) throw noSuchForm(lemma, query);
      const lexemes = store.lexemes(lemma) as readonly Lexeme[];
      return { values: q.values, lexemes, rows: all, repeated };
    }
    const rows = all.filter((r) => r.lexeme.id === lemma.id);
    if (rows.length === 0) throw noSuchForm(describeLexeme(lemma), query);
    return { values: q.values, lexemes: [lemma], rows, repeated };
  };

  return {
    matches,
    forms(lemma, query) {
      if (typeof lemma !== 'string') return matches(lemma, query).rows.slice();
      const q = queryOf(query);
      const kept = q.kept.get(lemma);
      // Kept answers are copied out, so a caller changing its answer cannot change the next one.
      const rows = kept === undefined ? make(lemma, q) : kept.slice();
      if (rows.length === 0) throw noSuchForm(lemma, query);
      return rows;
    },
  };
}

/** A parsed query: its distinct values, the tag ids it matches, and the answers it keeps. */
interface Query {
  values: string[];
  ok: Uint8Array;
  /** 1 for the lemmas (by number) asked once already. */
  asked: Uint8Array;
  kept: Map<string, readonly FormReading[]>;
}
