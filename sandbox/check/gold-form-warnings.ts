import { normalize, type Item } from '../../framework/index.js';
import type { Warning } from './report-schema.js';

/** An answer word is looked up only when it is one lower-case Polish word. */
const ONE_WORD = /^[a-ząćęłńóśźż]{2,}$/u;
/** Below this many one-word answers a seed says too little about where its answers come from. */
export const MIN_WORDS = 20;
/** The share of known words above which the seed's answers evidently come from the snapshot. */
export const KNOWN_SHARE = 0.9;

/**
 * Warnings for golds and aliases that are not a form the morphology snapshot knows, a typo or a
 * template artefact ("kotów." or "kotóww" where "kotów" was meant). The task's command line gives
 * the check no meta sidecar saying which answers came from the snapshot, and the snapshot is a
 * subset of Polish, so a word missing from it is often right. The check therefore judges a seed
 * as a whole: only when at least 90% of its (at least 20) one-word lower-case answers are forms
 * the snapshot knows do the others stand out, and only those are warned about. A team writing
 * its own word lists gets no warnings; a framework generator gets one per odd answer.
 */
export function goldFormWarnings(options: {
  seed: number;
  items: readonly { line: number; item: Item }[];
  /** Whether the snapshot knows `form` as a form of any lemma. */
  known: (form: string) => boolean;
}): Warning[] {
  const words: { line: number; role: string; word: string; known: boolean }[] = [];
  const cache = new Map<string, boolean>();
  for (const { line, item } of options.items) {
    const answers = [item.gold, ...(item.aliases ?? [])].map((a) => normalize(a));
    answers.forEach((word, i) => {
      if (!ONE_WORD.test(word)) return;
      let known = cache.get(word);
      if (known === undefined) cache.set(word, (known = options.known(word)));
      words.push({ line, role: i === 0 ? 'gold' : 'alias', word, known });
    });
  }
  const knownCount = words.filter((w) => w.known).length;
  if (words.length < MIN_WORDS || knownCount < KNOWN_SHARE * words.length) return [];
  return words
    .filter((w) => !w.known)
    .map((w) => ({
      code: 'gold_unknown_form',
      seed: options.seed,
      line: w.line,
      message: `${w.role} "${w.word}" is not a form the morphology snapshot knows (a typo or a template artefact?), while ${knownCount} of the seed's ${words.length} one-word answers are`,
    }));
}
