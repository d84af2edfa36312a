// Compares two ranks, smaller first and null (unranked) last.
export function nullsLast(a: number | null, b: number | null): number {
  return a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b;
}
