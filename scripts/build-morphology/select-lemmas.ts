import { createReadStream } from 'node:fs';
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

/** Called now and then with the number of lines read so far. */
export type OnLines = (lines: number) => void;

// Calls `onRow` for each line of the decompiled dictionary. Chunks are split by hand: the
// readline iterator costs several seconds over 4.8 million lines.
export async function forEachRow(
  tsv: string,
  onRow: (row: SourceRow) => void,
  onLines: OnLines = () => undefined,
): Promise<void> {
  let rest = '';
  let lines = 0;
  const take = (line: string) => {
    const [lemma, form, tags] = line.split(';');
    if (lemma && form && tags) onRow({ lemma, form, tags });
    if (++lines % 250_000 === 0) onLines(lines);
  };
  for await (const chunk of createReadStream(tsv, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const parts = (rest + String(chunk)).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) take(line);
  }
  if (rest !== '') take(rest);
  onLines(lines);
}

// The lemmas the snapshot keeps: reached from a ranked form or a name, or of a closed class.
export async function selectLemmas(
  tsv: string,
  selection: Selection,
  onLines?: OnLines,
): Promise<Set<string>> {
  const kept = new Set<string>();
  const keep = (row: SourceRow) => {
    if (kept.has(row.lemma)) return;
    const { rankedForms, names } = selection;
    if (rankedForms.has(row.form) || names.has(row.form) || closedTag.test(row.tags)) {
      kept.add(row.lemma);
    }
  };
  await forEachRow(tsv, keep, onLines);
  return kept;
}

// Every row of the kept lemmas, in the dictionary's order.
export async function keptRows(
  tsv: string,
  lemmas: ReadonlySet<string>,
  onLines?: OnLines,
): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  await forEachRow(tsv, (row) => lemmas.has(row.lemma) && rows.push(row), onLines);
  return rows;
}
