import { describe, expect, it } from 'vitest';
import { firstDifference } from './first-difference.js';

describe('firstDifference', () => {
  it('is null for equal bytes', () => {
    expect(firstDifference(Buffer.from('a\nb\n'), Buffer.from('a\nb\n'))).toBeNull();
  });

  it('names the first differing line and both versions of it', () => {
    expect(firstDifference(Buffer.from('a\nb\nc\n'), Buffer.from('a\nB\nc\n'))).toEqual({
      line: 2,
      first: 'b',
      second: 'B',
    });
  });

  it('shows a missing line as null when one output is shorter', () => {
    expect(firstDifference(Buffer.from('a\n'), Buffer.from('a\nb\n'))).toEqual({
      line: 2,
      first: '',
      second: 'b',
    });
    expect(firstDifference(Buffer.from('a\nb'), Buffer.from('a'))).toEqual({
      line: 2,
      first: 'b',
      second: null,
    });
  });

  it('shortens a long line', () => {
    const got = firstDifference(Buffer.from('x'.repeat(500)), Buffer.from('y'));
    expect(got?.first).toHaveLength(201);
  });
});
