import { RpeError } from '../errors.js';

/** Why a lexicon query found nothing: the lemma, the form, or the requested form of a known lemma. */
export type LexiconErrorCode = 'unknown_lemma' | 'unknown_form' | 'no_such_form';

/**
 * A query the snapshot cannot answer. Thrown instead of returning an empty list or a "nearest"
 * form, so a generator can never emit a gold the dictionary does not attest. Exit status 1.
 */
export class LexiconError extends RpeError {
  declare readonly code: LexiconErrorCode;

  constructor(code: LexiconErrorCode, message: string) {
    super(code, message, { exitCode: 1 });
    this.name = 'LexiconError';
  }
}
