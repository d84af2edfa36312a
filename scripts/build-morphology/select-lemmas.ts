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

/** Called now and then with the number of (non-empty) lines read so far. */
export type OnLines = (lines: number) => void;

/** How much of the dictionary becomes one string at a time (cut at a line's end). */
const BLOCK_BYTES = 1 << 22;

/**
 * A row of the dictionary as its bytes: each field a string of one character per byte (latin1),
 * which costs a copy where decoding UTF-8 costs a pass over every byte. Equal bytes are equal
 * strings, so a set of `bytesOf` keys answers for the UTF-8 words. `start` and `end` are the
 * line's place in the dictionary, for `decodeRow`. One object serves every line in turn.
 */
interface RawRow {
  lemma: string;
  form: string;
  tags: string;
  start: number;
  end: number;
}

/** A word as the one-character-per-byte string a RawRow field holds. */
const bytesOf = (word: string) => Buffer.from(word, 'utf8').toString('latin1');

// `lemma;form;tags` into `row` (a fourth field ignored); false when a field is missing or empty.
function splitRow(line: string, row: { lemma: string; form: string; tags: string }): boolean {
  const first = line.indexOf(';');
  const second = first < 0 ? -1 : line.indexOf(';', first + 1);
  if (second < 0) return false;
  const third = line.indexOf(';', second + 1);
  row.lemma = line.slice(0, first);
  row.form = line.slice(first + 1, second);
  row.tags = line.slice(second + 1, third < 0 ? line.length : third);
  return row.lemma !== '' && row.form !== '' && row.tags !== '';
}

// The row at `raw`'s place, decoded from UTF-8.
function decodeRow(dictionary: Buffer, raw: RawRow): SourceRow {
  const row = { lemma: '', form: '', tags: '' };
  splitRow(dictionary.toString('utf8', raw.start, raw.end), row);
  return row;
}

/**
 * Calls `onRow` for each line of the decompiled dictionary, `lemma;form;tags` (a line without all
 * three is skipped). The caller reads the dictionary once and passes it twice, as bytes: decoding
 * its 333 MB of UTF-8 cost about 2 s of CPU a pass, and only the kept rows need it.
 */
function forEachRawRow(dictionary: Buffer, onRow: (row: RawRow) => void, onLines: OnLines): void {
  const row: RawRow = { lemma: '', form: '', tags: '', start: 0, end: 0 };
  let lines = 0;
  for (let block = 0; block < dictionary.length;) {
    const cut = dictionary.indexOf(10, Math.min(block + BLOCK_BYTES, dictionary.length - 1));
    const end = cut < 0 ? dictionary.length : cut;
    const text = dictionary.toString('latin1', block, end);
    for (let start = 0; ;) {
      const newline = text.indexOf('\n', start);
      const stop = newline < 0 ? text.length : newline;
      if (start < stop && splitRow(text.slice(start, stop), row)) {
        row.start = block + start;
        row.end = block + stop;
        onRow(row);
      }
      if (start < stop && ++lines % 250_000 === 0) onLines(lines);
      if (newline < 0) break;
      start = newline + 1;
    }
    block = end + 1;
  }
  onLines(lines);
}

// The lemmas the snapshot keeps: reached from a ranked form or a name, or of a closed class.
export function selectLemmas(
  dictionary: Buffer,
  selection: Selection,
  onLines: OnLines = () => undefined,
): Set<string> {
  const ranked = new Set([...selection.rankedForms.keys()].map(bytesOf));
  const names = new Set([...selection.names].map(bytesOf));
  const kept = new Set<string>();
  forEachRawRow(
    dictionary,
    (row) => {
      if (kept.has(row.lemma)) return;
      if (ranked.has(row.form) || names.has(row.form) || closedTag.test(row.tags)) {
        kept.add(row.lemma);
      }
    },
    onLines,
  );
  return new Set([...kept].map((lemma) => Buffer.from(lemma, 'latin1').toString('utf8')));
}

// Every row of the kept lemmas, in the dictionary's order.
export function keptRows(
  dictionary: Buffer,
  lemmas: ReadonlySet<string>,
  onLines: OnLines = () => undefined,
): SourceRow[] {
  const kept = new Set([...lemmas].map(bytesOf));
  const rows: SourceRow[] = [];
  forEachRawRow(
    dictionary,
    (row) => kept.has(row.lemma) && rows.push(decodeRow(dictionary, row)),
    onLines,
  );
  return rows;
}
