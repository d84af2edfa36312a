import { LexiconError, openLexicon, type Item, type Lexicon } from '../../framework/index.js';
import { goldFormWarnings } from './gold-form-warnings.js';
import type { Warning } from './report-schema.js';

// Whether the snapshot knows a form as a form of any lemma (analyse refuses an unknown one).
export function knownForm(lexicon: Lexicon): (form: string) => boolean {
  return (form) => {
    try {
      return lexicon.analyse(form).length > 0;
    } catch (error) {
      if (error instanceof LexiconError && error.code === 'unknown_form') return false;
      throw error;
    }
  };
}

/**
 * The gold-form warnings of every seed, looked up in the toolkit's morphology snapshot. A
 * snapshot that cannot be opened costs the warnings, not the check: a note says so.
 */
export function collectGoldWarnings(
  itemsBySeed: ReadonlyMap<number, { line: number; item: Item }[]>,
): {
  warnings: Warning[];
  notes: string[];
} {
  if (itemsBySeed.size === 0) return { warnings: [], notes: [] };
  let lexicon: ReturnType<typeof openLexicon>;
  try {
    lexicon = openLexicon();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { warnings: [], notes: [`golds not looked up in the morphology snapshot: ${reason}`] };
  }
  try {
    const known = knownForm(lexicon);
    const warnings = [...itemsBySeed].flatMap(([seed, items]) =>
      goldFormWarnings({ seed, items, known }),
    );
    return { warnings, notes: [] };
  } finally {
    lexicon.close();
  }
}
