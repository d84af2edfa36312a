import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  MAX_TIMEOUT_SECONDS,
  parseSeeds,
  parseSize,
  parseTimeout,
  resolveLimits,
} from './default-limits.js';

describe('parseSize', () => {
  it('reads binary units like Docker', () => {
    expect(parseSize('2g')).toBe(2 * 1024 ** 3);
    expect(parseSize('512m')).toBe(512 * 1024 ** 2);
    expect(parseSize('64K')).toBe(64 * 1024);
    expect(parseSize('1.5g')).toBe(1.5 * 1024 ** 3);
    expect(parseSize('1048576')).toBe(1048576);
    expect(parseSize('256MiB')).toBe(256 * 1024 ** 2);
  });

  it('rejects what is not a size', () => {
    expect(() => parseSize('lots')).toThrow(/not a size: "lots"/);
    expect(() => parseSize('0')).toThrow(/not a size/);
    expect(() => parseSize('-1g')).toThrow(/not a size/);
  });
});

describe('parseSeeds', () => {
  it('accepts commas and whitespace', () => {
    expect(parseSeeds('0,1,2')).toEqual([0, 1, 2]);
    expect(parseSeeds(' 7 3\n12, ')).toEqual([7, 3, 12]);
  });

  it('rejects negatives, non-integers, repeats and an empty list', () => {
    expect(() => parseSeeds('1,-2')).toThrow(/not a seed: "-2"/);
    expect(() => parseSeeds('1.5')).toThrow(/not a seed/);
    expect(() => parseSeeds('1,1')).toThrow(/repeated/);
    expect(() => parseSeeds(' , ')).toThrow(/no seeds/);
  });
});

describe('resolveLimits', () => {
  it('starts from the Track 2 defaults and overrides only what is given', () => {
    expect(DEFAULT_LIMITS.timeoutSeconds).toBe(120);
    const limits = resolveLimits({ timeoutSeconds: 5, memoryBytes: undefined });
    expect(limits).toEqual({ ...DEFAULT_LIMITS, timeoutSeconds: 5 });
  });

  it('refuses a limit that is not a positive number', () => {
    expect(() => resolveLimits({ timeoutSeconds: Number('abc') })).toThrow(
      /the timeout \(seconds\) must be a positive number, got NaN/,
    );
    expect(() => resolveLimits({ cpus: 0 })).toThrow(/CPU quota/);
  });
});

describe('parseTimeout', () => {
  it('reads a positive decimal number of seconds up to a day', () => {
    expect(parseTimeout('120')).toBe(120);
    expect(parseTimeout(' 2.5 ')).toBe(2.5);
    expect(parseTimeout(String(MAX_TIMEOUT_SECONDS))).toBe(86400);
  });

  it.each(['0', '-1', 'abc', '', '1e3', '0x10', 'Infinity', '86401', '2147484', '1e400'])(
    'refuses %j with one line naming the option and the maximum',
    (text) => {
      expect(() => parseTimeout(text)).toThrow(
        /^--timeout must be a positive number of seconds, at most 86400 \(24 h\), got "/,
      );
    },
  );

  it('keeps every accepted timeout within what a timer can hold', () => {
    expect(MAX_TIMEOUT_SECONDS * 1000).toBeLessThan(2 ** 31 - 1);
    expect(() => resolveLimits({ timeoutSeconds: MAX_TIMEOUT_SECONDS + 1 })).toThrow(/at most/);
  });
});
