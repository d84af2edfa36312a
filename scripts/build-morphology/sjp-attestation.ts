import type { SourceRow } from '../../framework/lexicon/index.js';
import type { HunspellDictionary } from './read-hunspell.js';

/** What the SJP.pl dictionary says of the kept forms. */
export interface SjpAttestation {
  /** The kept forms SJP.pl has (spelled exactly). */
  attested: Set<string>;
  /** Readings SJP.pl adds: forms Morfologik lacks, in the cell they belong to. */
  added: SourceRow[];
}

/**
 * The nouns whose genitive singular the normative dictionaries give with both endings and whose
 * second ending Morfologik lacks: WSO PWN, "wieczór, -oru a. -ora". SJP.pl also lists colloquial
 * genitives (braka, kraja, gesta, płota), so a doublet is added only for a noun named here.
 */
export const GENITIVE_DOUBLETS: ReadonlySet<string> = new Set(['wieczór']);

// A masculine inanimate genitive singular tag (a `+` alternative of the source).
const GENITIVE_M3 = /^subst:sg:gen(\.[a-z]+)*:m3$/;

// The other ending of a genitive singular doublet: -u for -a and -a for -u (wieczoru, wieczora).
function otherGenitive(form: string): string | null {
  if (form.endsWith('u')) return `${form.slice(0, -1)}a`;
  if (form.endsWith('a')) return `${form.slice(0, -1)}u`;
  return null;
}

/**
 * Marks the kept forms SJP.pl has, and adds the genitive singular doublets of the masculine
 * inanimate nouns of GENITIVE_DOUBLETS that SJP.pl has and Morfologik lacks altogether (wieczora
 * beside wieczoru). A candidate that is any form of any lemma of
 * Morfologik (doma, the adverb, beside domu; lista beside listu) is not added: it is another
 * word's.
 */
export async function sjpAttestation(
  dictionary: HunspellDictionary,
  rows: readonly SourceRow[],
  /** The decompiled Morfologik dictionary's bytes. */
  morfologik: Buffer,
): Promise<SjpAttestation> {
  const kept = new Set(rows.map((r) => r.form));
  const candidates = new Map<string, SourceRow[]>();
  for (const row of rows) {
    for (const tag of row.tags.split('+')) {
      if (!GENITIVE_M3.test(tag) || !GENITIVE_DOUBLETS.has(row.lemma)) continue;
      const other = otherGenitive(row.form);
      if (other === null || kept.has(other)) continue;
      const list = candidates.get(other) ?? [];
      list.push({ lemma: row.lemma, form: other, tags: tag });
      candidates.set(other, list);
    }
  }
  const attested = new Set<string>();
  const known = new Set<string>();
  dictionary.forEachEntry((_, words) => {
    for (const word of words) {
      if (kept.has(word)) attested.add(word);
      else if (candidates.has(word)) known.add(word);
    }
  });
  // Another word's form in Morfologik is not a doublet of this one. A row is `lemma;form;tags`,
  // so `;form;` is in the dictionary only where a row has that form: a search of its bytes finds
  // the few candidates at a fraction of the cost of reading its 4.8 million rows again.
  for (const form of known) if (morfologik.includes(`;${form};`)) known.delete(form);
  const added: SourceRow[] = [];
  for (const [form, list] of candidates) if (known.has(form)) added.push(...list);
  for (const row of added) attested.add(row.form);
  return { attested, added };
}
