import { describe, expect, it } from 'vitest';
import { streamFromSeedHex } from '../random/index.js';
import { estimateCapacity, expectedJaccard, expectedSetOverlap } from './estimate-overlap.js';

describe('capacity and overlap estimates', () => {
  it('gives k/(2N−k) for one family and 1 when the quota takes the whole space', () => {
    expect(expectedJaccard(100, 150)).toBeCloseTo(0.5);
    expect(expectedJaccard(100, 1000)).toBeCloseTo(100 / 1900);
    expect(expectedJaccard(100, 80)).toBe(1);
  });

  it('recovers the size of a space from repeated draws', () => {
    const rng = streamFromSeedHex('capacity');
    const seen = new Set<number>();
    let draws = 0;
    while (seen.size < 150) {
      seen.add(rng.int(1, 400));
      draws++;
    }
    const estimate = estimateCapacity(draws, seen.size);
    expect(estimate).not.toBeNull();
    expect(Math.abs((estimate ?? 0) - 400)).toBeLessThan(120);
    expect(estimateCapacity(150, 150)).toBeNull();
  });

  it('combines families by expected shared inputs over the expected union', () => {
    expect(expectedSetOverlap([{ quota: 100, capacity: 150 }])).toBeCloseTo(0.5);
    const mixed = expectedSetOverlap([
      { quota: 50, capacity: 50 },
      { quota: 50, capacity: null },
    ]);
    expect(mixed).toBeCloseTo(50 / 150);
  });
});
