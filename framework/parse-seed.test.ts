import { describe, expect, it } from 'vitest';
import { MAX_SEED, parseSeed } from './parse-seed.js';

describe('parseSeed', () => {
  it('takes whole numbers from 0 to 2^53 - 1 written in decimal digits', () => {
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed('42')).toBe(42);
    expect(parseSeed('007')).toBe(7);
    expect(parseSeed(String(MAX_SEED))).toBe(MAX_SEED);
  });

  it('refuses everything else with one line naming the option', () => {
    for (const text of ['-1', '1.5', '1e3', '0x10', '', ' 1', '+1', '9007199254740992', '٣']) {
      expect(() => parseSeed(text, '--seed'), text).toThrow(
        `--seed must be a whole number from 0 to 9007199254740991, got "${text}"`,
      );
    }
  });
});
