import { RpeError } from '../errors.js';

/**
 * Runs `fn` with Math.random, Date.now and the no-argument Date unavailable, so
 * that a generator whose output would depend on anything but the seed fails at once, naming the
 * family that was running (`current()`). Everything is restored afterwards, also on error.
 */
export function withPurityGuard<T>(current: () => string, fn: () => T): T {
  const originalRandom = Math.random;
  const OriginalDate = globalThis.Date;
  const forbidden = (what: string): never => {
    throw new RpeError(
      'impure_generator',
      `family "${current()}" called ${what} during generation; draw from ctx.rng (keyed by the seed) instead`,
      { exitCode: 1 },
    );
  };
  const now = (): number => forbidden('Date.now()');
  const GuardedDate = new Proxy(OriginalDate, {
    construct(target, args: unknown[], newTarget) {
      if (args.length === 0) forbidden('new Date()');
      return Reflect.construct(target, args, newTarget) as object;
    },
    apply() {
      return forbidden('Date()');
    },
    get(target, prop, receiver) {
      if (prop === 'now') return now;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  Math.random = () => forbidden('Math.random()');
  globalThis.Date = GuardedDate;
  try {
    return fn();
  } finally {
    Math.random = originalRandom;
    globalThis.Date = OriginalDate;
  }
}
