import { describe, expect, it } from 'vitest';
import { createStream } from '../../framework/index.js';
import { SAMPLE_STREAM, sampleItemNumbers } from './sample-item-numbers.js';

describe('sampleItemNumbers', () => {
  it('draws distinct numbers in ascending order, the same for the same seed', () => {
    const a = sampleItemNumbers(150, 30, 7);
    expect(a).toHaveLength(30);
    expect(new Set(a).size).toBe(30);
    expect(a).toEqual([...a].sort((x, y) => x - y));
    expect(a.every((n) => n >= 1 && n <= 150)).toBe(true);
    expect(sampleItemNumbers(150, 30, 7)).toEqual(a);
    expect(sampleItemNumbers(150, 30, 8)).not.toEqual(a);
  });

  it('follows the documented recipe: the keyed stream of the seed, label sample', () => {
    const rng = createStream({
      seed: 3,
      family: SAMPLE_STREAM,
      index: 0,
      attempt: 0,
      label: 'sample',
    });
    const numbers = Array.from({ length: 60 }, (_, i) => i + 1);
    expect(sampleItemNumbers(60, 5, 3)).toEqual(rng.sample(numbers, 5).sort((x, y) => x - y));
  });

  it('gives every item when the sample is not smaller than the set', () => {
    expect(sampleItemNumbers(4, 30, 1)).toEqual([1, 2, 3, 4]);
  });
});
