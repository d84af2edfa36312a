import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildVectors } from './build-vectors.js';
import { createStream, streamFromSeedHex } from './create-stream.js';
import { encodeStreamKey, streamSeed } from './stream-seed.js';

const key = { seed: 1, family: 'f', index: 0, attempt: 0, label: 'sample' };

describe('keyed streams', () => {
  it('reproduce the published vectors', () => {
    const published: unknown = JSON.parse(
      readFileSync(new URL('./vectors.json', import.meta.url), 'utf8'),
    );
    expect(buildVectors()).toEqual(published);
  });

  it('give the same draws for the same key and different draws for any other field', () => {
    const first = (k: typeof key) => createStream(k).uint32();
    expect(first(key)).toBe(first({ ...key }));
    const variants = [
      { ...key, seed: 2 },
      { ...key, family: 'g' },
      { ...key, index: 1 },
      { ...key, attempt: 1 },
      { ...key, label: 'other' },
    ];
    const seeds = new Set([streamSeed(key), ...variants.map(streamSeed)]);
    expect(seeds.size).toBe(6);
  });

  it('encode string lengths so that shifted boundaries differ', () => {
    const a = encodeStreamKey({ ...key, family: 'ab', label: 'c' });
    const b = encodeStreamKey({ ...key, family: 'a', label: 'bc' });
    expect(a).not.toBe(b);
    expect(encodeStreamKey({ ...key, family: 'żó' })).toContain('|family:4:żó|');
  });

  it('rejects keys that are not integers where integers are due', () => {
    expect(() => encodeStreamKey({ ...key, seed: 1.5 })).toThrow(/seed must be an integer/);
    expect(() => encodeStreamKey({ ...key, index: -1 })).toThrow(/index must be an integer/);
  });

  it('draws integers uniformly within the bounds', () => {
    const rng = streamFromSeedHex('uniformity');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) {
      const v = rng.int(1, 6);
      counts[v - 1] = (counts[v - 1] ?? 0) + 1;
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('samples distinct elements and shuffles into a permutation', () => {
    const rng = streamFromSeedHex('perm');
    const items = Array.from({ length: 20 }, (_, i) => i);
    const picked = rng.sample(items, 7);
    expect(new Set(picked).size).toBe(7);
    expect([...rng.shuffle(items)].sort((a, b) => a - b)).toEqual(items);
  });

  it('never picks a zero weight and refuses bad arguments', () => {
    const rng = streamFromSeedHex('weights');
    for (let i = 0; i < 500; i++) expect(rng.weighted(['x', 'y', 'z'], [0, 3, 1])).not.toBe('x');
    expect(() => rng.pick([])).toThrow(/empty list/);
    expect(() => rng.int(3, 2)).toThrow(/min ≤ max/);
    expect(() => rng.weighted(['a'], [0.5])).toThrow(/not an integer/);
    expect(() => rng.sample([1, 2], 3)).toThrow(/sample\(\) of 3 from 2/);
  });
});
