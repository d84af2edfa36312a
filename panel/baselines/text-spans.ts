/**
 * Pieces of an item's input that a shortcut answerer copies. They are found by punctuation only,
 * with no grammar at all: that is the point, an item they answer does not test Polish.
 */

const BRACKETS: readonly [string, string][] = [
  ['(', ')'],
  ['[', ']'],
];

const QUOTES: readonly [string, string][] = [
  ['„', '”'],
  ['„', '“'],
  ['“', '”'],
  ['"', '"'],
  ['«', '»'],
  ['»', '«'],
  ['‚', '’'],
  ['‘', '’'],
];

// The contents of every bracket pair, in order of their opening.
export function bracketedSpans(input: string): string[] {
  return spans(input, BRACKETS);
}

// The contents of every quoted passage („…”, "…", «…» and the like), in order of their opening.
export function quotedSpans(input: string): string[] {
  return spans(input, QUOTES);
}

const PUNCT_OR_SYMBOL = /^[\p{P}\p{S}]$/u;
const WORD_CHAR = /^[\p{L}\p{N}-]$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SPACE = /^\s$/u;
const CONNECTORS = new Set(['czy', 'lub', 'albo']);

// The words of a text: whitespace-separated, punctuation and symbols trimmed from both ends.
// Trimmed by a scan, one character at a time: `[\p{P}\p{S}]+$` retried at every position of a
// long run of dashes costs the square of its length.
export function wordsOf(text: string): string[] {
  return text
    .split(/\s+/u)
    .map(trimPunctuation)
    .filter((w) => LETTER_OR_DIGIT.test(w));
}

function trimPunctuation(word: string): string {
  const chars = [...word];
  let start = 0;
  let end = chars.length;
  while (start < end && PUNCT_OR_SYMBOL.test(chars[start] ?? '')) start++;
  while (end > start && PUNCT_OR_SYMBOL.test(chars[end - 1] ?? '')) end--;
  return chars.slice(start, end).join('');
}

/** A maximal run of word characters (letters, digits, hyphens) and where it lies. */
interface Run {
  text: string;
  start: number;
  end: number;
}

// The runs of word characters of a line, in order: one pass over its characters.
function wordRuns(chars: readonly string[]): Run[] {
  const runs: Run[] = [];
  let start = -1;
  chars.forEach((c, i) => {
    const word = WORD_CHAR.test(c);
    if (word && start < 0) start = i;
    if (!word && start >= 0) {
      runs.push({ text: chars.slice(start, i).join(''), start, end: i });
      start = -1;
    }
  });
  if (start >= 0) runs.push({ text: chars.slice(start).join(''), start, end: chars.length });
  return runs;
}

const all = (chars: readonly string[], from: number, to: number, test: (c: string) => boolean) =>
  chars.slice(from, to).every(test);
const isPunct = (c: string) => /^\p{P}$/u.test(c);
const isSpaceOrPunct = (c: string) => SPACE.test(c) || isPunct(c);

/**
 * The two words around a choice connector in the last line ("kota czy kotu", "on/ona"), if any:
 * the last "A czy B" (also lub, albo) where only punctuation and spaces stand between the words,
 * else the first "A/B". Found over the line's word runs in one pass, never by a backtracking
 * pattern: an input of 2,000 dashes before " czy" took seconds that way.
 */
export function choiceOptions(input: string): [string, string] | null {
  const lastLine = input.trim().split('\n').pop() ?? '';
  const chars = [...lastLine];
  const runs = wordRuns(chars);
  let found: [string, string] | null = null;
  let usedUpTo = 0;
  runs.forEach((connector, i) => {
    const before = runs[i - 1];
    const after = runs[i + 1];
    if (!CONNECTORS.has(connector.text) || !before || !after || before.start < usedUpTo) return;
    const gapBefore = [before.end, connector.start] as const;
    const gapAfter = [connector.end, after.start] as const;
    if (
      !all(chars, ...gapBefore, isSpaceOrPunct) ||
      !SPACE.test(chars[connector.start - 1] ?? '')
    ) {
      return;
    }
    // Spaces, then punctuation only, before the second word ("czy „psa”").
    let at = gapAfter[0];
    while (at < gapAfter[1] && SPACE.test(chars[at] ?? '')) at++;
    if (at === gapAfter[0] || !all(chars, at, gapAfter[1], isPunct)) return;
    const second = after.text.replace(/^-+/, '') || after.text;
    found = [before.text, second];
    usedUpTo = after.end;
  });
  if (found) return found;
  for (let i = 0; i + 1 < runs.length; i++) {
    const [a, b] = [runs[i], runs[i + 1]];
    if (!a || !b) continue;
    const gap = chars.slice(a.end, b.start);
    if (gap.filter((c) => c === '/').length === 1 && gap.every((c) => c === '/' || SPACE.test(c))) {
      return [a.text, b.text];
    }
  }
  return null;
}

// One left-to-right scan: an opener takes its nearest closer, and the scan goes on after it. The
// next position of each closer is remembered, so a thousand openers with no closer cost one
// search, not a thousand.
function spans(input: string, pairs: readonly (readonly [string, string])[]): string[] {
  const found: string[] = [];
  const next = new Map<string, number>();
  const nextClose = (close: string, from: number): number => {
    const known = next.get(close);
    if (known !== undefined && (known < 0 || known >= from)) return known;
    const at = input.indexOf(close, from);
    next.set(close, at);
    return at;
  };
  let at = 0;
  while (at < input.length) {
    const char = input[at];
    const ends = pairs
      .filter(([open]) => open === char)
      .map(([, close]) => nextClose(close, at + 1))
      .filter((end) => end >= 0);
    if (ends.length === 0) {
      at += 1;
      continue;
    }
    const end = Math.min(...ends);
    const text = input.slice(at + 1, end).trim();
    if (text !== '') found.push(text);
    at = end + 1;
  }
  return found;
}
