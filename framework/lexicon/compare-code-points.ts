// Orders strings by Unicode code point, the order of SQLite's BINARY collation on UTF-8 and of
// Python's str comparison, which JavaScript's default UTF-16 order breaks above U+FFFF.
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const surrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;
    if (!surrogate(x) && !surrogate(y)) return x - y;
    return (a.codePointAt(i) ?? 0) - (b.codePointAt(i) ?? 0);
  }
  return a.length - b.length;
}
