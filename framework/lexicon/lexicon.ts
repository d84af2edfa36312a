import type { TagFeatures } from './parse-tag.js';

/**
 * One entry of the dictionary: a lemma with its part of speech and, for nouns, its gender.
 * Homonyms stay apart (`pies` m1 "psowie" and `pies` m2 "psy" are two lexemes).
 * `pos` is the lexeme's class: subst (with depr), verb (with ger, pact, ppas, pcon, pant),
 * adj (with adja, adjc, adjp), or the tag's own part of speech for every other class.
 */
export interface Lexeme {
  id: number;
  lemma: string;
  pos: string;
  gender: string | null;
  /** Best frequency rank (1 = most frequent) of the lexeme's forms that no other lemma shares; null when none is ranked. */
  rank: number | null;
}

/** One reading: a form, one tag (a `+` alternative of the source), and the lexeme it belongs to. */
export interface FormReading {
  form: string;
  tag: string;
  features: TagFeatures;
  lexeme: Lexeme;
  /** Frequency rank of the form itself; null when unranked. */
  rank: number | null;
}

export interface LexemeFilter {
  pos?: string;
  gender?: string | readonly string[];
  /** Keep lexemes ranked at most this (unranked ones are left out). */
  maxRank?: number;
  lemma?: string;
  limit?: number;
}

export interface LexiconInfo {
  path: string;
  source: string;
  lemmas: number;
  lexemes: number;
  forms: number;
  readings: number;
}

/** A read-only view of a morphology snapshot. */
export interface Lexicon {
  /**
   * Every form of the lemma (all its lexemes) or of one lexeme whose tag has every value of the
   * query ("subst:pl:gen", "praet:sg:f", "num:nom:m1:congr"; values in any order). Order: form
   * rank (null last), then form (code-point order), then lexeme id, then tag. Throws
   * LexiconError 'unknown_lemma' or 'no_such_form', never an empty list.
   */
  forms(lemma: string | Lexeme, query: string): FormReading[];
  /** The first of forms(): the canonical gold; the other distinct forms are its variants. */
  form(lemma: string | Lexeme, query: string): string;
  /** Every reading of a form, ordered by lexeme id then tag; throws 'unknown_form'. */
  analyse(form: string): FormReading[];
  /** Lexemes for candidate pools; order: rank (null last), lemma, id. */
  lexemes(filter?: LexemeFilter): Lexeme[];
  info(): LexiconInfo;
  close(): void;
}
