import { Script } from 'node:vm';
import { RpeError } from '../framework/errors.js';

/** Runs a team's code inside the CLI's own process without letting it break the CLI's contract. */
export interface GeneratorGuard {
  /** Runs synchronous work (generation) and stops it at the deadline, even inside an endless loop. */
  sync<T>(what: string, work: () => T): T;
  /** Waits for asynchronous work (loading the module) until the deadline. */
  async<T>(what: string, work: () => Promise<T>): Promise<T>;
}

const RUN = Symbol.for('reverse-poleval.guarded-run');
let runGuarded: Script | undefined;

function timeoutError(seconds: number, what: string): RpeError {
  return new RpeError(
    'timeout',
    `the generator did not finish within ${seconds} s (stopped while ${what}; --timeout sets the limit)`,
    { exitCode: 1 },
  );
}

/**
 * Runs `body` with a generator's side effects contained, for `rpe generate` and `rpe provenance`,
 * which load the team's module in process (a worker or child process costs more start-up than a
 * whole generation):
 *
 * - what it prints on stdout (console.log) goes to stderr, so stdout keeps only our output;
 * - process.exit() is refused: it throws, and the run fails even if the generator catches that;
 * - an exception thrown from its timers or a rejected promise nobody awaits fails the run;
 * - a module whose top-level await can never settle fails as soon as nothing is left to wait for,
 *   instead of Node's silent exit 13;
 * - the run stops at the deadline: asynchronous waits by a timer, synchronous work (an endless
 *   sample()) by V8's termination, which skips the generator's `finally` blocks, so after a
 *   timeout the process must end.
 *
 * Everything is restored when `body` settles. Code that loops forever at a module's top level
 * cannot be stopped in process (Ctrl-C stops it; `rpe check` and the sandbox kill it at their limit).
 */
export async function withGeneratorGuard<T>(
  timeoutSeconds: number,
  body: (guard: GeneratorGuard) => Promise<T>,
): Promise<T> {
  const deadline = performance.now() + timeoutSeconds * 1000;
  let fail: (error: RpeError) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  // Never unhandled: when nothing fails, this promise stays pending and is dropped.
  failed.catch(() => undefined);
  let exitCalled: number | string | null | undefined;
  const stdoutWrite = process.stdout.write;
  const exit = process.exit;
  const onUncaught = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    fail(
      new RpeError(
        'generator_failed',
        `the generator threw outside sample(): ${message.split('\n')[0] ?? ''}`,
        {
          exitCode: 1,
          cause: error,
        },
      ),
    );
  };
  let waiting = '';
  const onDrained = () => {
    if (!waiting) return;
    fail(
      new RpeError(
        'generator_unsettled',
        `the generator never finished ${waiting}: a top-level await waits for something that can never come`,
        { exitCode: 1 },
      ),
    );
  };

  process.stdout.write = ((...args: Parameters<typeof stdoutWrite>) =>
    process.stderr.write(
      ...(args as Parameters<typeof process.stderr.write>),
    )) as typeof stdoutWrite;
  process.exit = ((code?: number | string | null) => {
    exitCalled = code ?? 0;
    throw new RpeError(
      'generator_exit',
      `the generator called process.exit(${String(exitCalled)})`,
      {
        exitCode: 1,
      },
    );
  }) as typeof process.exit;
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
  process.on('beforeExit', onDrained);

  const guard: GeneratorGuard = {
    sync(what, work) {
      const left = Math.floor(deadline - performance.now());
      if (left <= 0) throw timeoutError(timeoutSeconds, what);
      (globalThis as Record<symbol, unknown>)[RUN] = work;
      try {
        runGuarded ??= new Script(`globalThis[Symbol.for('reverse-poleval.guarded-run')]()`, {
          filename: 'rpe-generator-guard',
        });
        return runGuarded.runInThisContext({ timeout: left }) as ReturnType<typeof work>;
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
          throw timeoutError(timeoutSeconds, what);
        }
        throw error;
      } finally {
        delete (globalThis as Record<symbol, unknown>)[RUN];
      }
    },
    async async(what, work) {
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_, reject) => {
        // Unreferenced: a module waiting on nothing must let the loop drain (see onDrained).
        timer = setTimeout(
          () => reject(timeoutError(timeoutSeconds, what)),
          Math.max(0, deadline - performance.now()),
        );
        timer.unref();
      });
      waiting = what;
      try {
        return await Promise.race([work(), expired, failed]);
      } finally {
        waiting = '';
        clearTimeout(timer);
      }
    },
  };

  try {
    const result = await Promise.race([body(guard), failed]);
    if (exitCalled !== undefined) {
      throw new RpeError(
        'generator_exit',
        `the generator called process.exit(${String(exitCalled)})`,
        { exitCode: 1 },
      );
    }
    return result;
  } finally {
    process.stdout.write = stdoutWrite;
    process.exit = exit;
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUncaught);
    process.off('beforeExit', onDrained);
  }
}
