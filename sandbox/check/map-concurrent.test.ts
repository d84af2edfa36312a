import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mapConcurrent } from './map-concurrent.js';

describe('mapConcurrent', () => {
  it('keeps input order and never exceeds the limit', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapConcurrent([30, 5, 20, 1, 10], 2, async (ms, i) => {
      running++;
      peak = Math.max(peak, running);
      await sleep(ms);
      running--;
      return i * 10;
    });
    expect(out).toEqual([0, 10, 20, 30, 40]);
    expect(peak).toBe(2);
  });

  it('handles an empty list', async () => {
    expect(await mapConcurrent([], 4, async () => 1)).toEqual([]);
  });
});
