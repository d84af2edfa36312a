import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { SourceRow } from '../../framework/lexicon/index.js';

/**
 * Closed classes kept whole: numerals, pronouns (with `siebie`), prepositions, conjunctions,
 * particles, predicatives, agglutinates and the short adjectives of `winien`-type predicatives.
 */
const CLOSED_CLASSES = [
  'num',
  'ppron12',
  'ppron3',
  'siebie',
  'prep',
  'conj',
  'comp',
  'qub',
  'pred',
  'burk',
  'adjc',
];
const closedTag = new RegExp(`(^|\\+)(${CLOSED_CLASSES.join('|')})(:|\\+|$)|(^|\\+)verb:winien:`);

export interface Selection {
  /** Forms from the frequency list: any lemma with one of these forms is kept. */
  rankedForms: ReadonlySet<string> | ReadonlyMap<string, number>;
  /** Names as they are written (capitalised): any lemma with one as a form is kept. */
  names: ReadonlySet<string>;
}

// Reads the decompiled dictionary line by line.
export async function* readRows(tsv: string): AsyncGenerator<SourceRow> {
  const lines = createInterface({ input: createReadStream(tsv, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    const [lemma, form, tags] = line.split(';');
    if (lemma && form && tags) yield { lemma, form, tags };
  }
}

// The lemmas the snapshot keeps: reached from a ranked form or a name, or of a closed class.
export async function selectLemmas(tsv: string, selection: Selection): Promise<Set<string>> {
  const kept = new Set<string>();
  for await (const row of readRows(tsv)) {
    if (kept.has(row.lemma)) continue;
    if (
      selection.rankedForms.has(row.form) ||
      selection.names.has(row.form) ||
      closedTag.test(row.tags)
    ) {
      kept.add(row.lemma);
    }
  }
  return kept;
}

// Every row of the kept lemmas, in the dictionary's order.
export async function keptRows(tsv: string, lemmas: ReadonlySet<string>): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  for await (const row of readRows(tsv)) if (lemmas.has(row.lemma)) rows.push(row);
  return rows;
}
