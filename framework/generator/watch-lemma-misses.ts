import { isRpeError } from '../errors.js';
import type { LexemeFilter, Lexicon } from '../lexicon/index.js';

// The lemma a watched call named, by the error it threw: kept with the error, not in a slot that
// a later call could overwrite.
const missedLemma = new WeakMap<object, string>();
const watched = new WeakMap<Lexicon, Lexicon>();
// Lemmas a lexemes({ lemma }) filter named that the snapshot does not know, since the last take.
// Generation is synchronous, so what a family's call left here is that family's.
let filterMisses: string[] = [];

/** The unknown lemmas lexemes({ lemma }) filters named since the last call, in order. */
export function takeFilterMisses(): string[] {
  const taken = filterMisses;
  filterMisses = [];
  return taken;
}

/** The lemma the snapshot did not know, when `error` came from a call on a watched lexicon. */
export function lemmaOfMiss(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? missedLemma.get(error) : undefined;
}

// A method that marks an unknown_lemma error with the lemma it was asked for.
function watch<A extends unknown[], R>(lexicon: Lexicon, method: (...args: A) => R) {
  return (...args: A): R => {
    try {
      return method.apply(lexicon, args);
    } catch (error) {
      const lemma = args[0];
      if (isRpeError(error) && error.code === 'unknown_lemma' && typeof lemma === 'string')
        missedLemma.set(error, lemma);
      throw error;
    }
  };
}

// lexemes() with a lemma the snapshot does not know returns nothing, as it should; the watched
// view also remembers the lemma, so that a word list with a typo does not shrink in silence.
function watchLexemes(lexicon: Lexicon) {
  return (filter?: LexemeFilter) => {
    const found = lexicon.lexemes(filter);
    const lemma = filter?.lemma;
    if (found.length === 0 && typeof lemma === 'string') {
      const known =
        Object.keys(filter ?? {}).length > 1 ? lexicon.lexemes({ lemma, limit: 1 }) : found;
      if (known.length === 0) filterMisses.push(lemma);
    }
    return found;
  };
}

/**
 * The lexicon as a generator sees it: the same object in every call (generators key caches on
 * it), the same answers, and an unknown lemma asked of answer(), form() or forms() remembered
 * with its error, so that a run can name the family and the lemma instead of only counting
 * rejections ("gazetaa"); an unknown lemma in a lexemes({ lemma }) filter is remembered too.
 */
export function watchLemmaMisses(lexicon: Lexicon): Lexicon {
  let view = watched.get(lexicon);
  if (view === undefined) {
    view = Object.create(lexicon) as Lexicon;
    Object.assign(view, {
      answer: watch(lexicon, lexicon.answer),
      form: watch(lexicon, lexicon.form),
      forms: watch(lexicon, lexicon.forms),
      lexemes: watchLexemes(lexicon),
    });
    watched.set(lexicon, view);
  }
  return view;
}
