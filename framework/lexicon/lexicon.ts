import type { TagFeatures } from './parse-tag.js';

/**
 * One entry of the dictionary: a lemma with its class and what tells it apart from the other
 * lexemes of that lemma. Homonyms stay apart: `pies` m1 "psowie" and `pies` m2 "psy"; `upaść`
 * nonrefl "upadła" and `upaść` refl.nonrefl "upasła"; `rząd` "rządu" and `rząd` "rzędu".
 * `pos` is the lexeme's class: subst (with depr), verb (with ger, pact, ppas, pcon, pant),
 * adj (with adja, adjc, adjp), or the tag's own part of speech for every other class.
 */
export interface Lexeme {
  id: number;
  lemma: string;
  pos: string;
  /** Nouns: m1 m2 m3 f n1 n2 p1 p2 p3; null for every other class. */
  gender: string | null;
  /** Verbs: imperf, perf or imperf.perf; null for every other class. */
  aspect: string | null;
  /** Verbs: refl, nonrefl or refl.nonrefl (Morfologik's values); null for every other class. */
  reflexivity: string | null;
  /** 1 for the main lexeme of its lemma and class (the one whose own forms are most attested), 2, 3... for the others. */
  sense: number;
  /** Best frequency rank (1 = most frequent) of the forms that speak for this lexeme; null when none is ranked. */
  rank: number | null;
}

/** A form left out of an answer, and why (another lexeme, another cell, a substandard variant...). */
export interface ExcludedForm {
  form: string;
  why: string;
}

/** The gold of a lexicon question and its equally standard variants. */
export interface Answer {
  /** The standard form of the requested cell. */
  gold: string;
  /** Equally standard variants of that very cell (rękoma beside rękami). */
  aliases: string[];
  lemma: string;
  query: string;
  /** The tag of the gold's cell (the first, when the gold fills several). */
  tag: string;
  /** The lexeme the answer comes from: the main one matching the query, or the one asked. */
  lexeme: Lexeme;
  /** Every other form matching the query, once, with the reason it is not an alias. */
  excluded: ExcludedForm[];
}

export interface AnswerOptions {
  /** Excluded forms to take back as aliases; each must be one of `excluded`. */
  allow?: readonly string[];
}

/** One reading: a form, one tag (a `+` alternative of the source), and the lexeme it belongs to. */
export interface FormReading {
  form: string;
  tag: string;
  features: TagFeatures;
  lexeme: Lexeme;
  /** Frequency rank of the form itself; null when unranked. */
  rank: number | null;
  /**
   * The reading's place in its cell (the lexeme's readings with this tag): 0 the standard form,
   * 1 an equally standard variant, 2 and up a variant left out of answers (see SCHEMA.md).
   */
  variant: number;
}

export interface LexemeFilter {
  pos?: string;
  gender?: string | readonly string[];
  aspect?: string;
  reflexivity?: string;
  /** 1: main lexemes only (one per lemma and class). */
  sense?: number;
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
  /**
   * The gold of lemma (its main lexeme matching the query) or of one lexeme: the standard form of
   * the requested cell, its equally standard variants as aliases, and every other matching form
   * with the reason it is left out. A query without a degree means the positive degree, one
   * without aff/neg the affirmative. Throws LexiconError like forms().
   */
  answer(lemma: string | Lexeme, query: string, options?: AnswerOptions): Answer;
  /** The gold of answer(). */
  form(lemma: string | Lexeme, query: string): string;
  /** Every reading of a form, ordered by lexeme id then tag; throws 'unknown_form'. */
  analyse(form: string): FormReading[];
  /** Lexemes for candidate pools; order: rank (null last), lemma, id. */
  lexemes(filter?: LexemeFilter): Lexeme[];
  info(): LexiconInfo;
  close(): void;
}
