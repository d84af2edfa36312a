/** Where two outputs of one seed first differ: a 1-based line and that line in each run. */
export interface FirstDifference {
  line: number;
  first: string | null;
  second: string | null;
}

const SHOWN = 200;

function shorten(line: string | undefined): string | null {
  if (line === undefined) return null;
  return line.length > SHOWN ? `${line.slice(0, SHOWN)}…` : line;
}

// The first line at which two outputs differ, or null when the bytes are equal.
export function firstDifference(a: Buffer, b: Buffer): FirstDifference | null {
  if (a.equals(b)) return null;
  const linesA = a.toString('utf8').split('\n');
  const linesB = b.toString('utf8').split('\n');
  const n = Math.max(linesA.length, linesB.length);
  for (let i = 0; i < n; i++) {
    if (linesA[i] !== linesB[i]) {
      return { line: i + 1, first: shorten(linesA[i]), second: shorten(linesB[i]) };
    }
  }
  // Equal as text but not as bytes: invalid UTF-8 decoded the same way.
  return { line: 1, first: shorten(linesA[0]), second: shorten(linesB[0]) };
}
