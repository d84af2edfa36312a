import { bracketedSpans, choiceOptions, quotedSpans, wordsOf } from './text-spans.js';

/** What a shortcut answerer may know besides the input: nothing about Polish grammar. */
export interface BaselineContext {
  /** The most frequent form of a lemma in the lexicon, or null (unknown lemma, no lexicon). */
  topForm: ((lemma: string) => string | null) | null;
  /** The gold that most items of the set share (at least two), or null. */
  mostCommonGold: string | null;
}

/** A trivial answerer: an answer for an input, or null when it has none. */
export interface ShortcutBaseline {
  name: string;
  description: string;
  answer(input: string, context: BaselineContext): string | null;
}

const first = <T>(list: readonly T[]): T | null => list[0] ?? null;
const last = <T>(list: readonly T[]): T | null => list[list.length - 1] ?? null;
const bracket = (input: string) => first(bracketedSpans(input));
const quote = (input: string) => first(quotedSpans(input));

/** The built-in panel of shortcut answerers, in report order. */
export const SHORTCUT_BASELINES: readonly ShortcutBaseline[] = [
  {
    name: 'bracket-copy',
    description: 'copies the text in the first brackets',
    answer: (input) => bracket(input),
  },
  {
    name: 'bracket-first-word',
    description: 'the first word in the first brackets (a lemma given there)',
    answer: (input) => first(wordsOf(bracket(input) ?? '')),
  },
  {
    name: 'bracket-last-word',
    description: 'the last word in the first brackets',
    answer: (input) => last(wordsOf(bracket(input) ?? '')),
  },
  {
    name: 'quote-copy',
    description: 'copies the first quoted passage',
    answer: (input) => quote(input),
  },
  {
    name: 'quote-last-copy',
    description: 'copies the last quoted passage',
    answer: (input) => last(quotedSpans(input)),
  },
  {
    name: 'quote-first-word',
    description: 'the first word of the first quoted passage',
    answer: (input) => first(wordsOf(quote(input) ?? '')),
  },
  {
    name: 'quote-last-word',
    description: 'the last word of the first quoted passage',
    answer: (input) => last(wordsOf(quote(input) ?? '')),
  },
  {
    name: 'input-first-word',
    description: 'the first word of the input',
    answer: (input) => first(wordsOf(input)),
  },
  {
    name: 'input-last-word',
    description: 'the last word of the input',
    answer: (input) => last(wordsOf(input)),
  },
  {
    name: 'choice-first',
    description: 'the first of two offered options ("A czy B", "A lub B", "A/B")',
    answer: (input) => choiceOptions(input)?.[0] ?? null,
  },
  {
    name: 'choice-second',
    description: 'the second of two offered options',
    answer: (input) => choiceOptions(input)?.[1] ?? null,
  },
  {
    name: 'lexicon-top-form',
    description: 'the most frequent form, in the lexicon, of the first word in brackets',
    answer: (input, context) => {
      const lemma = first(wordsOf(bracket(input) ?? ''));
      return lemma && context.topForm ? context.topForm(lemma) : null;
    },
  },
  {
    name: 'most-common-gold',
    description: 'always the gold most items of the set share',
    answer: (_input, context) => context.mostCommonGold,
  },
];
