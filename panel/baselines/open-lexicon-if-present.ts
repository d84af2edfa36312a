import { isRpeError, openLexicon, type Lexicon } from '../../framework/index.js';

/**
 * Opens the morphology lexicon for the lexicon baseline. Without a path, a bundled snapshot that
 * cannot be opened is a note, not a failure: the other baselines still run without it. A path the
 * user names must open: a typo there throws its RpeError (exit 2) instead of passing unnoticed.
 */
export function openLexiconIfPresent(path?: string): {
  lexicon: Lexicon | null;
  note: string | null;
} {
  if (path !== undefined) return { lexicon: openLexicon(path), note: null };
  try {
    return { lexicon: openLexicon(), note: null };
  } catch (error) {
    if (isRpeError(error)) return { lexicon: null, note: error.message };
    throw error;
  }
}
