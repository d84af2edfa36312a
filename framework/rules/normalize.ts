/**
 * Python's `str.isspace()` set, which the organisers' scripts use through `str.split()` and `\s`.
 * It differs from JavaScript's `\s`: it has U+001C..U+001F and U+0085, and it lacks U+FEFF.
 * normalize.test.ts checks this list against python3 itself.
 */
export const PYTHON_WHITESPACE: readonly number[] = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001,
  0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f,
  0x205f, 0x3000,
];

const spaceClass = PYTHON_WHITESPACE.map((c) => `\\u{${c.toString(16)}}`).join('');
const spaceRun = new RegExp(`[${spaceClass}]+`, 'gu');
const whitespaceSet = new Set(PYTHON_WHITESPACE);

// Whether one code point is whitespace for Python's `str.isspace()`.
export function isPythonSpace(codePoint: number): boolean {
  return whitespaceSet.has(codePoint);
}

/**
 * The official normalisation: Unicode NFKC, then strip, then collapse whitespace runs to one space
 * (Python's `" ".join(unicodedata.normalize("NFKC", s).split())`). Case is kept.
 */
export function normalize(s: string): string {
  // Collapsing first leaves at most one space at each end, which is cheaper to strip than a run.
  let t = s.normalize('NFKC').replace(spaceRun, ' ');
  if (t.startsWith(' ')) t = t.slice(1);
  if (t.endsWith(' ')) t = t.slice(0, -1);
  return t;
}

// A string's length as Python's `len()` counts it: code points, so an emoji counts 1, not 2.
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A high surrogate followed by a low one is one code point; a lone surrogate counts 1 as in Python.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
