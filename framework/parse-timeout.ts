import { RpeError } from './errors.js';

/** The task's Track 2 limit: a generator "must finish within 120 seconds". */
export const DEFAULT_TIMEOUT_SECONDS = 120;

/**
 * The longest wall-clock limit a command accepts: thirty times the task's limit. Anything longer is
 * almost always a unit mistake (`--timeout 120000`, milliseconds typed as seconds).
 */
export const MAX_TIMEOUT_SECONDS = 3600;

/**
 * Parses a wall-clock limit in seconds as every command takes it: a positive decimal number
 * (`120`, `0.5`) of at most MAX_TIMEOUT_SECONDS. Throws RpeError `bad_timeout` (exit 2).
 */
export function parseTimeoutSeconds(text: string, option = '--timeout'): number {
  const seconds = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
  if (!(seconds > 0) || seconds > MAX_TIMEOUT_SECONDS) {
    throw new RpeError(
      'bad_timeout',
      `${option} must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, got "${text}"`,
    );
  }
  return seconds;
}
