import { describe, expect, it } from 'vitest';
import { RpeError } from '../errors.js';
import { inputsFromJsonl } from './inputs-from-jsonl.js';
import { jaccard, overlap } from './overlap.js';

describe('jaccard', () => {
  it('is |A∩B| / |A∪B|', () => {
    expect(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd']))).toBe(0.5);
    expect(jaccard(new Set(['a']), new Set(['b']))).toBe(0);
    expect(jaccard(new Set(['a']), new Set(['a']))).toBe(1);
    expect(jaccard(new Set(), new Set(['a']))).toBe(0);
    expect(jaccard(new Set(), new Set())).toBe(1);
  });
});

describe('overlap', () => {
  it('compares every pair of normalised input sets and allows exactly the maximum', () => {
    const result = overlap([
      { name: 's0', inputs: ['a', 'b', 'c'] },
      { name: 's1', inputs: [' b', 'c\u00a0', 'd'] },
      { name: 's2', inputs: ['x', 'y'] },
    ]);
    expect(result).toEqual({
      pairs: [
        { a: 's0', b: 's1', jaccard: 0.5 },
        { a: 's0', b: 's2', jaccard: 0 },
        { a: 's1', b: 's2', jaccard: 0 },
      ],
      max: 0.5,
      threshold: 0.5,
      ok: true,
    });
    expect(
      overlap([
        { name: 'a', inputs: ['x', 'y'] },
        { name: 'b', inputs: ['x', 'y', 'z'] },
      ]).ok,
    ).toBe(false);
    expect(
      overlap(
        [
          { name: 'a', inputs: ['x', 'y'] },
          { name: 'b', inputs: ['x', 'y', 'z'] },
        ],
        { max: 0.7 },
      ).ok,
    ).toBe(true);
  });

  it('treats repeated inputs as one element of the set', () => {
    expect(
      overlap([
        { name: 'a', inputs: ['x', 'x', 'y'] },
        { name: 'b', inputs: ['x'] },
      ]).max,
    ).toBe(0.5);
  });

  it('has no pairs for one set', () => {
    expect(overlap([{ name: 'a', inputs: ['x'] }])).toMatchObject({ pairs: [], max: 0, ok: true });
  });
});

describe('inputsFromJsonl', () => {
  it('reads inputs leniently and counts what it skips', () => {
    const text =
      '\ufeff{"input": "a", "gold": "b", "extra": 1}\n\n{"gold": "x"}\n[1]\n{"input": "c"}\n';
    expect(inputsFromJsonl(text, 'f.jsonl')).toEqual({ inputs: ['a', 'c'], skipped: 2 });
  });

  it('fails with the file and line when a line is not JSON', () => {
    const call = () => inputsFromJsonl('{"input": "a"}\nnot json\n', 'seed1.jsonl');
    expect(call).toThrow(RpeError);
    expect(call).toThrow(/^seed1\.jsonl: line 2 is not JSON/);
  });
});
