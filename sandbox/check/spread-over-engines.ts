import type { BatchEngine } from './batch-engine.js';
import { createRunLimiter, type RunLimiter } from './limit-runs.js';
import type { Requeue } from './report-schema.js';

/** How often one task may go back to the queue before it is given up. */
export const MAX_REQUEUES = 3;

/** An engine's state at the end of a batch, for the summary. */
export interface EngineUse {
  url: string;
  status: 'used' | 'skipped' | 'lost';
  /** Why it was skipped or lost. */
  reason: string | null;
  /** Tasks it finished. */
  finished: number;
}

export interface SpreadOptions<T, R> {
  tasks: readonly T[];
  engines: readonly BatchEngine[];
  /** Tasks in flight at once over all engines, and runs in flight at once over the batch. */
  limit: number;
  /**
   * Runs a task on an engine, its runs within `runs` (the engine's limiter and the batch's). It
   * resolves with a function that makes the result, called only if the engine did not fail in
   * the meantime, and rejects when the task could not finish.
   */
  attempt(
    task: T,
    context: { engine: BatchEngine; runs: RunLimiter; requeued: Requeue[]; attempt: number },
  ): Promise<() => Promise<R>>;
  /** The result of a task that failed for a reason of its own. */
  failed(task: T, error: unknown, engine: BatchEngine, requeued: Requeue[]): R;
  /** The result of a task no engine could finish (none left, or requeued too often). */
  abandoned(task: T, why: string, requeued: Requeue[]): R;
  onSkipped?(engine: BatchEngine, reason: string): void;
  onLost?(engine: BatchEngine, reason: string): void;
  onRequeued?(task: T, engine: BatchEngine, reason: string): void;
  /** Called with each result as it is made. */
  onResult?(result: R, task: T): void;
}

interface Slot<T> {
  task: T;
  index: number;
  requeued: Requeue[];
}

/**
 * Runs every task on one of the engines: each engine takes tasks from one queue as its `jobs`
 * allow, once it is ready (an engine that never is, is skipped). A task whose engine fails (it
 * stops answering, or its connection breaks) goes back to the front of the queue for any engine
 * left; an engine that stopped answering takes nothing more, and what it had in flight is
 * requeued at once. Every task ends with one result, in the order of `tasks`.
 */
export async function spreadOverEngines<T, R>(
  options: SpreadOptions<T, R>,
): Promise<{ results: R[]; engines: EngineUse[] }> {
  const queue: Slot<T>[] = options.tasks.map((task, index) => ({ task, index, requeued: [] }));
  const results = new Array<R>(options.tasks.length);
  let pending = options.tasks.length;
  const batchRuns = createRunLimiter(Math.max(1, options.limit));
  const inFlight = createRunLimiter(Math.max(1, options.limit));
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const signal = () => {
    wake();
    changed = new Promise<void>((resolve) => (wake = resolve));
  };
  const uses = options.engines.map((engine): EngineUse => ({
    url: engine.url,
    status: 'used',
    reason: null,
    finished: 0,
  }));

  const settle = (slot: Slot<T>, result: R) => {
    results[slot.index] = result;
    pending--;
    options.onResult?.(result, slot.task);
    signal();
  };

  async function serve(engine: BatchEngine, use: EngineUse): Promise<void> {
    const notReady = await engine.ready;
    if (notReady !== null) {
      Object.assign(use, { status: 'skipped', reason: notReady });
      options.onSkipped?.(engine, notReady);
      return;
    }
    let markDown: (reason: string) => void = () => undefined;
    const down = new Promise<string>((resolve) => (markDown = resolve));
    void engine.lost.then((reason) => markDown(reason));
    void down.then((reason) => {
      if (use.status === 'lost') return;
      Object.assign(use, { status: 'lost', reason });
      options.onLost?.(engine, reason);
      signal();
    });
    const engineRuns = createRunLimiter(engine.jobs);
    const gone = down.then((reason): never => {
      throw new Error(`the engine ${engine.url} failed: ${reason}`);
    });
    gone.catch(() => undefined);
    // Runs take the engine's slot first, so one waiting for the batch's holds no other engine
    // back; a run still hanging on an engine that failed gives the batch's slot back.
    const runs: RunLimiter = {
      run: (task) => engineRuns.run(() => batchRuns.run(() => Promise.race([task(), gone]))),
    };

    const requeue = (slot: Slot<T>, reason: string) => {
      slot.requeued.push({ engine: engine.url, reason });
      if (slot.requeued.length > MAX_REQUEUES)
        return settle(
          slot,
          options.abandoned(
            slot.task,
            `its engines failed ${slot.requeued.length} times`,
            slot.requeued,
          ),
        );
      options.onRequeued?.(slot.task, engine, reason);
      queue.unshift(slot);
      signal();
    };

    const work = async (slot: Slot<T>) => {
      const attempt = options
        .attempt(slot.task, {
          engine,
          runs,
          requeued: [...slot.requeued],
          attempt: slot.requeued.length,
        })
        .then(
          (finish) => ({ kind: 'done' as const, finish }),
          (error: unknown) => ({ kind: 'error' as const, error }),
        );
      const outcome = await Promise.race([
        attempt,
        down.then((reason) => ({ kind: 'down' as const, reason })),
      ]);
      if (outcome.kind === 'down') return requeue(slot, outcome.reason);
      if (outcome.kind === 'done') {
        const result = await outcome.finish();
        use.finished++;
        return settle(slot, result);
      }
      const fault = await engine.fault(outcome.error);
      if (!fault)
        return settle(slot, options.failed(slot.task, outcome.error, engine, [...slot.requeued]));
      if (fault.down) {
        markDown(fault.reason);
        // The engine is reported lost before the task is requeued.
        await down;
      }
      requeue(slot, fault.reason);
    };

    const take = () =>
      inFlight.run(async () => {
        const slot = use.status === 'used' ? queue.shift() : undefined;
        if (slot) await work(slot);
        return slot !== undefined;
      });
    const worker = async () => {
      while (pending > 0 && use.status === 'used') {
        const took = queue.length > 0 && (await take());
        // Checked and awaited in one step: a requeue after the check wakes this worker.
        if (!took && queue.length === 0 && pending > 0 && use.status === 'used') await changed;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, engine.jobs) }, worker));
  }

  await Promise.all(options.engines.map((engine, i) => serve(engine, uses[i] as EngineUse)));
  for (const engine of options.engines) engine.close();
  const left = uses.filter((u) => u.status !== 'used').map((u) => `${u.url} (${u.reason})`);
  for (const slot of queue.splice(0))
    settle(
      slot,
      options.abandoned(
        slot.task,
        `no engine of the pool is left to check it: ${left.join('; ')}`,
        slot.requeued,
      ),
    );
  return { results, engines: uses };
}
