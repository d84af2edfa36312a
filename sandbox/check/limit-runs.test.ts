import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createRunLimiter } from './limit-runs.js';

describe('createRunLimiter', () => {
  it('never has more than the limit in flight and runs every task in arrival order', async () => {
    const limiter = createRunLimiter(2);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      [30, 10, 10, 10, 10].map((ms, i) =>
        limiter.run(async () => {
          started.push(i);
          most = Math.max(most, ++inFlight);
          await sleep(ms);
          inFlight--;
          return i * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the slot of a task that throws', async () => {
    const limiter = createRunLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await limiter.run(() => Promise.resolve('next'))).toBe('next');
  });
});
