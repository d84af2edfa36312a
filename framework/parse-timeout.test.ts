import { describe, expect, it } from 'vitest';
import { parseTimeoutSeconds } from './parse-timeout.js';

describe('parseTimeoutSeconds', () => {
  it('takes a positive number of seconds up to an hour', () => {
    expect(parseTimeoutSeconds('120')).toBe(120);
    expect(parseTimeoutSeconds('0.5')).toBe(0.5);
    expect(parseTimeoutSeconds('3600')).toBe(3600);
  });

  it('refuses zero, negatives, non-numbers and a limit beyond an hour', () => {
    for (const text of ['0', '-5', 'abc', '1e3', '3600.5', '120000', '']) {
      expect(() => parseTimeoutSeconds(text), text).toThrow(
        /--timeout must be a number of seconds above 0 and at most 3600/,
      );
    }
  });
});
