/**
 * The highest Simpson diversity 1 − Σ(c_v/n)² that n items can reach with m models: the
 * k = min(n, 2^m) possible bitvectors used as evenly as possible, so r = n mod k classes hold
 * ⌊n/k⌋ + 1 items and the other k − r hold ⌊n/k⌋. It is 0 only when n = 1 (k = 1).
 */
export function simpsonMaximum(n: number, m: number): number {
  if (n <= 0) return 0;
  // 2^m overflows to Infinity for large m, which min() handles; n caps it long before that.
  const k = Math.min(n, 2 ** m);
  const q = Math.floor(n / k);
  const r = n - q * k;
  return 1 - (r * ((q + 1) / n) ** 2 + (k - r) * (q / n) ** 2);
}

/** Raw Simpson diversity of class sizes that sum to n: 1 − Σ(c/n)². */
export function simpson(counts: Iterable<number>, n: number): number {
  let sum = 0;
  for (const c of counts) sum += (c / n) ** 2;
  return 1 - sum;
}
