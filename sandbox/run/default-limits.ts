import { RpeError } from '../../framework/errors.js';
import type { Limits } from './executor.js';

/**
 * The Track 2 limits: 120 s per seed is the task's own figure; the rest are the runner's choice,
 * generous for a generator of at most 200 short items.
 */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  timeoutSeconds: 120,
  memoryBytes: 2 * 1024 ** 3,
  cpus: 1,
  pids: 256,
  outputBytes: 16 * 1024 ** 2,
  logBytes: 16 * 1024,
});

/**
 * The longest wall-clock limit a run may be given: a day, far above the task's 120 s, and far
 * below what a timer can hold (Node's setTimeout fires at once beyond 2^31 - 1 ms, about 24.8 days).
 */
export const MAX_TIMEOUT_SECONDS = 24 * 60 * 60;

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

// Parses a size such as `2g`, `512m`, `64k` or a plain byte count (binary units, like Docker).
export function parseSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([bkmg]?)(?:i?b)?\s*$/i.exec(text);
  const unit = UNITS[match?.[2]?.toLowerCase() ?? ''];
  if (!match || unit === undefined || Number(match[1]) <= 0) {
    throw new RpeError('bad_size', `not a size: "${text}" (expected e.g. 2g, 512m, 1048576)`);
  }
  return Math.round(Number(match[1]) * unit);
}

// Parses a seed list such as `0,1,2` (commas or whitespace): non-negative integers, no repeats.
export function parseSeeds(text: string): number[] {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  const seeds = parts.map((p) => {
    if (!/^\d+$/.test(p) || !Number.isSafeInteger(Number(p))) {
      throw new RpeError('bad_seeds', `not a seed: "${p}" (seeds are non-negative integers)`);
    }
    return Number(p);
  });
  if (seeds.length === 0) throw new RpeError('bad_seeds', 'no seeds given');
  const repeated = seeds.find((seed, i) => seeds.indexOf(seed) !== i);
  if (repeated !== undefined) {
    throw new RpeError('bad_seeds', `seed ${repeated} is repeated in "${text.trim()}"`);
  }
  return seeds;
}

const LIMIT_NAMES: Record<keyof Limits, string> = {
  timeoutSeconds: 'timeout (seconds)',
  memoryBytes: 'memory limit',
  cpus: 'CPU quota',
  pids: 'process limit',
  outputBytes: 'output size limit',
  logBytes: 'log tail size',
};

// Parses a timeout such as `120` or `2.5`: a positive decimal number of seconds, at most a day.
export function parseTimeout(text: string): number {
  const seconds = /^\s*\d+(?:\.\d+)?\s*$/.test(text) ? Number(text) : NaN;
  if (!(seconds > 0) || seconds > MAX_TIMEOUT_SECONDS) {
    throw new RpeError(
      'bad_limit',
      `--timeout must be a positive number of seconds, at most ${MAX_TIMEOUT_SECONDS} (24 h), got "${text}"`,
    );
  }
  return seconds;
}

// Builds limits from the defaults and the options a command was given.
export function resolveLimits(options: Partial<Limits> = {}): Limits {
  const limits = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(options) as [keyof Limits, number | undefined][]) {
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value <= 0) {
      throw new RpeError(
        'bad_limit',
        `the ${LIMIT_NAMES[key]} must be a positive number, got ${value}`,
      );
    }
    if (key === 'timeoutSeconds' && value > MAX_TIMEOUT_SECONDS) {
      throw new RpeError(
        'bad_limit',
        `the ${LIMIT_NAMES[key]} must be at most ${MAX_TIMEOUT_SECONDS} (24 h), got ${value}`,
      );
    }
    limits[key] = value;
  }
  return limits;
}
