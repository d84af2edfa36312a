/** What is known about a family's space of distinct inputs. */
export interface CapacityEstimate {
  /** Distinct inputs the family can produce, declared or estimated; null when unknown. */
  capacity: number | null;
  source: 'declared' | 'estimated' | 'unknown';
  /** Expected Jaccard overlap of two seeds' inputs for this family, k/(2N−k); null when unknown. */
  expectedOverlap: number | null;
}

/**
 * Estimates N from draws with repetition: `draws` valid draws gave `distinct` distinct inputs, so
 * N solves distinct = N·(1 − (1 − 1/N)^draws). Null when no draw repeated (N is then large).
 */
export function estimateCapacity(draws: number, distinct: number): number | null {
  if (distinct <= 0 || draws <= distinct) return null;
  const expected = (n: number) => n * (1 - Math.pow(1 - 1 / n, draws));
  let lo = distinct;
  let hi = distinct * 2;
  while (expected(hi) < distinct && hi < 1e12) hi *= 2;
  for (let i = 0; i < 100 && hi - lo > 0.5; i++) {
    const mid = (lo + hi) / 2;
    if (expected(mid) < distinct) lo = mid;
    else hi = mid;
  }
  return Math.round((lo + hi) / 2);
}

// Expected Jaccard overlap of two independent seeds drawing k distinct items out of n each.
export function expectedJaccard(k: number, n: number): number {
  if (k <= 0) return 0;
  if (n <= k) return 1;
  return k / (2 * n - k);
}

/**
 * The expected overlap of whole sets: the expected shared inputs, Σ k²/N, over the expected union,
 * Σ (2k − k²/N). Families of unknown capacity count as sharing nothing.
 */
export function expectedSetOverlap(
  parts: readonly { quota: number; capacity: number | null }[],
): number {
  let shared = 0;
  let union = 0;
  for (const { quota: k, capacity: n } of parts) {
    const common = n === null ? 0 : Math.min(k, (k * k) / Math.max(n, 1));
    shared += common;
    union += 2 * k - common;
  }
  return union === 0 ? 0 : shared / union;
}

// Combines a declared capacity (preferred) with the estimate from the run's repeated draws.
export function capacityEstimate(
  quota: number,
  declared: number | null,
  draws: number,
  distinct: number,
): CapacityEstimate {
  if (declared !== null) {
    return {
      capacity: declared,
      source: 'declared',
      expectedOverlap: expectedJaccard(quota, declared),
    };
  }
  const estimated = estimateCapacity(draws, distinct);
  if (estimated === null) return { capacity: null, source: 'unknown', expectedOverlap: null };
  return {
    capacity: estimated,
    source: 'estimated',
    expectedOverlap: expectedJaccard(quota, estimated),
  };
}
