/**
 * Splits `count` items over weights by the largest remainder: each gets floor(count·w/W), and the
 * items left go one each to the largest fractional parts, ties to the earlier family. The Python
 * runtime does the same arithmetic in the same order, so both give the same quotas.
 */
export function allocateQuotas(count: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const exact = weights.map((w) => (count * w) / total);
  const quotas = exact.map(Math.floor);
  let left = count - quotas.reduce((sum, q) => sum + q, 0);
  const order = exact
    .map((e, i) => ({ i, frac: e - Math.floor(e) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    quotas[i] = (quotas[i] ?? 0) + 1;
    left--;
  }
  return quotas;
}
