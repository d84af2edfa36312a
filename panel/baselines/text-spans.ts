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

// The words of a text: whitespace-separated, punctuation and symbols trimmed from both ends.
export function wordsOf(text: string): string[] {
  return text
    .split(/\s+/u)
    .map((w) => w.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ''))
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
}

// The two words around a choice connector in the last line ("kota czy kotu", "on/ona"), if any.
export function choiceOptions(input: string): [string, string] | null {
  const lastLine = input.trim().split('\n').pop() ?? '';
  const slash = /([\p{L}\p{N}-]+)\s*\/\s*([\p{L}\p{N}-]+)/u.exec(lastLine);
  const connector = /([\p{L}\p{N}-]+)[\p{P}\s]*\s(?:czy|lub|albo)\s+[\p{P}]*([\p{L}\p{N}-]+)/gu;
  let last: RegExpExecArray | null = null;
  for (let m = connector.exec(lastLine); m; m = connector.exec(lastLine)) last = m;
  const match = last ?? slash;
  return match?.[1] && match[2] ? [match[1], match[2]] : null;
}

// One left-to-right scan: an opener takes its nearest closer, and the scan goes on after it.
function spans(input: string, pairs: readonly (readonly [string, string])[]): string[] {
  const found: string[] = [];
  let at = 0;
  while (at < input.length) {
    const char = input[at];
    const ends = pairs
      .filter(([open]) => open === char)
      .map(([, close]) => input.indexOf(close, at + 1))
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
