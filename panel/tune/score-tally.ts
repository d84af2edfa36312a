import { TASK_LIMITS, simpsonMaximum } from '../../framework/index.js';

/** The four figures of the official metric. */
export interface Components {
  discrimination: number;
  diversity: number;
  separation: number;
  score: number;
}

/**
 * The official metric of a changing subset of one matrix's rows, kept as counts so that adding or
 * removing a row, or asking what the score would be after swapping two rows, costs O(pairs) rather
 * than a rescore. Every count is an integer, so no rounding accumulates however long a search
 * runs; the figures use the same formulas as the rules' `score` (its test holds them equal) and
 * `simpsonMaximum` itself.
 */
export class ScoreTally {
  readonly nModels: number;
  readonly nPairs: number;
  /** Per row: k(m − k), where k models are right (4p(1 − p) = 4k(m − k)/m²). */
  private readonly spread: Int32Array;
  /** Per row: the id of its bitvector. */
  private readonly cls: Int32Array;
  /** Per row and pair: 1 when the two models disagree on it. */
  private readonly differs: Uint8Array;
  private readonly classCount: Int32Array;
  private readonly pairCount: Int32Array;
  private spreadSum = 0;
  private squares = 0;
  private size = 0;
  private readonly maxCache = new Map<number, number>();

  constructor(rows: readonly (readonly boolean[])[], nModels: number) {
    const m = nModels;
    this.nModels = m;
    this.nPairs = (m * (m - 1)) / 2;
    const ids = new Map<string, number>();
    this.spread = new Int32Array(rows.length);
    this.cls = new Int32Array(rows.length);
    this.differs = new Uint8Array(rows.length * this.nPairs);
    rows.forEach((row, i) => {
      const k = row.filter(Boolean).length;
      this.spread[i] = k * (m - k);
      const key = row.map((ok) => (ok ? '1' : '0')).join('');
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      this.cls[i] = id;
      let p = 0;
      for (let a = 0; a < m; a++)
        for (let b = a + 1; b < m; b++)
          this.differs[i * this.nPairs + p++] = row[a] !== row[b] ? 1 : 0;
    });
    this.classCount = new Int32Array(ids.size);
    this.pairCount = new Int32Array(this.nPairs);
  }

  get n(): number {
    return this.size;
  }

  /** Back to no rows. */
  clear(): void {
    this.classCount.fill(0);
    this.pairCount.fill(0);
    this.spreadSum = 0;
    this.squares = 0;
    this.size = 0;
  }

  add(row: number): void {
    this.move(row, 1);
  }

  remove(row: number): void {
    this.move(row, -1);
  }

  private move(row: number, sign: 1 | -1): void {
    const c = this.cls[row] ?? 0;
    const before = this.classCount[c] ?? 0;
    this.classCount[c] = before + sign;
    this.squares += sign * (2 * before + sign);
    this.spreadSum += sign * (this.spread[row] ?? 0);
    this.size += sign;
    const base = row * this.nPairs;
    for (let p = 0; p < this.nPairs; p++) this.pairCount[p]! += sign * this.differs[base + p]!;
  }

  /** The score of the current rows. */
  score(): number {
    return this.scoreAfter(-1, -1);
  }

  /** The score the rows would have without row `out` and with row `into` (−1: none), unchanged. */
  scoreAfter(out: number, into: number): number {
    const m = this.nModels;
    let n = this.size;
    let spread = this.spreadSum;
    let squares = this.squares;
    if (out >= 0) {
      n--;
      spread -= this.spread[out]!;
      squares -= 2 * this.classCount[this.cls[out]!]! - 1;
    }
    if (into >= 0) {
      n++;
      spread += this.spread[into]!;
      const c = this.cls[into]!;
      const before = this.classCount[c]! - (out >= 0 && this.cls[out] === c ? 1 : 0);
      squares += 2 * before + 1;
    }
    if (n <= 0) return 0;
    const discrimination = (4 * spread) / (m * m * n);
    if (discrimination === 0) return 0;
    const diversity = this.diversity(squares, n);
    return discrimination * diversity * this.separation(out, into, n);
  }

  /** All four figures of the current rows. */
  components(): Components {
    const n = this.size;
    const m = this.nModels;
    if (n === 0) return { discrimination: 0, diversity: 0, separation: 0, score: 0 };
    const discrimination = (4 * this.spreadSum) / (m * m * n);
    const diversity = this.diversity(this.squares, n);
    const separation = this.separation(-1, -1, n);
    return {
      discrimination,
      diversity,
      separation,
      score: discrimination * diversity * separation,
    };
  }

  private diversity(squares: number, n: number): number {
    let max = this.maxCache.get(n);
    if (max === undefined) this.maxCache.set(n, (max = simpsonMaximum(n, this.nModels)));
    return max > 0 ? Math.min((1 - squares / (n * n)) / max, 1) : 0;
  }

  private separation(out: number, into: number, n: number): number {
    if (this.nPairs === 0) return 1;
    const { saturation, floor } = TASK_LIMITS;
    const ob = out * this.nPairs;
    const ib = into * this.nPairs;
    let inverse = 0;
    for (let p = 0; p < this.nPairs; p++) {
      let d = this.pairCount[p]!;
      if (out >= 0) d -= this.differs[ob + p]!;
      if (into >= 0) d += this.differs[ib + p]!;
      inverse += 1 / Math.max(Math.min(d / n / saturation, 1), floor);
    }
    return this.nPairs / inverse;
  }
}
