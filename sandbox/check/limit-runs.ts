import type { Executor } from '../run/executor.js';

/** Lets at most `limit` tasks run at once, first come first served. */
export interface RunLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

// A limiter shared by several executors, so a batch never has more than `limit` runs in flight.
export function createRunLimiter(limit: number): RunLimiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}

// The same executor, with every run waiting for a slot of the limiter.
export function limitExecutor<E extends Executor>(executor: E, limiter: RunLimiter): E {
  return Object.assign(Object.create(executor) as E, {
    run: (request: Parameters<Executor['run']>[0]) => limiter.run(() => executor.run(request)),
  });
}
