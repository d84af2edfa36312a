import { isRpeError, openLexicon, type Lexicon } from '../../framework/index.js';

/**
 * Opens the morphology lexicon for the lexicon baseline, or explains why it cannot: the other
 * baselines still run without it, so a missing snapshot is a note, not a failure.
 */
export function openLexiconIfPresent(path?: string): {
  lexicon: Lexicon | null;
  note: string | null;
} {
  try {
    return { lexicon: path === undefined ? openLexicon() : openLexicon(path), note: null };
  } catch (error) {
    if (isRpeError(error)) return { lexicon: null, note: error.message };
    throw error;
  }
}
