import { isRpeError } from '../errors.js';
import type { Lexicon } from '../lexicon/index.js';

// The lemma a watched call named, by the error it threw: kept with the error, not in a slot that
// a later call could overwrite.
const missedLemma = new WeakMap<object, string>();
const watched = new WeakMap<Lexicon, Lexicon>();

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

/**
 * The lexicon as a generator sees it: the same object in every call (generators key caches on
 * it), the same answers, and an unknown lemma asked of answer(), form() or forms() remembered
 * with its error, so that a run can name the family and the lemma instead of only counting
 * rejections ("gazetaa").
 */
export function watchLemmaMisses(lexicon: Lexicon): Lexicon {
  let view = watched.get(lexicon);
  if (view === undefined) {
    view = Object.create(lexicon) as Lexicon;
    Object.assign(view, {
      answer: watch(lexicon, lexicon.answer),
      form: watch(lexicon, lexicon.form),
      forms: watch(lexicon, lexicon.forms),
    });
    watched.set(lexicon, view);
  }
  return view;
}
