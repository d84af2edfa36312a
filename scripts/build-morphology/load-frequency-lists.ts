import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const FREQUENCY_PACKAGE = '@zxcvbn-ts/language-pl';

/** How many of each surname list (male, female; ordered by frequency) the snapshot keeps. */
export const SURNAMES_KEPT = 2000;

export interface FrequencyLists {
  /** Lower-case word form to its rank in the frequency list (1 = most frequent). */
  ranks: ReadonlyMap<string, number>;
  /** First names and the most frequent surnames, capitalised as the dictionary writes them. */
  names: ReadonlySet<string>;
  version: string;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

// Loads the ranked word forms and the name lists of @zxcvbn-ts/language-pl (MIT).
export async function loadFrequencyLists(): Promise<FrequencyLists> {
  const require = createRequire(import.meta.url);
  const manifest = JSON.parse(
    readFileSync(require.resolve(`${FREQUENCY_PACKAGE}/package.json`), 'utf8'),
  ) as {
    version: string;
  };
  const { dictionary } = (await import(FREQUENCY_PACKAGE)) as {
    dictionary: Record<
      'commonWords' | 'maleFirstnames' | 'femaleFirstnames' | 'maleLastnames' | 'femaleLastnames',
      string[]
    >;
  };
  const ranks = new Map<string, number>();
  dictionary.commonWords.forEach((word, i) => {
    if (!ranks.has(word)) ranks.set(word, i + 1);
  });
  const names = new Set(
    [
      ...dictionary.maleFirstnames,
      ...dictionary.femaleFirstnames,
      ...dictionary.maleLastnames.slice(0, SURNAMES_KEPT),
      ...dictionary.femaleLastnames.slice(0, SURNAMES_KEPT),
    ].map(capitalise),
  );
  return { ranks, names, version: manifest.version };
}

// A form's rank: its own entry, or its lower-case spelling's (the list is lower case).
export function rankLookup(ranks: ReadonlyMap<string, number>): (form: string) => number | null {
  return (form) => ranks.get(form) ?? ranks.get(form.toLowerCase()) ?? null;
}
