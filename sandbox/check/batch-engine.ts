import type { CreateCheckExecutor } from './check-submission.js';

/** Why a check that threw is the engine's failure, not the submission's. */
export interface EngineFault {
  reason: string;
  /** True when the engine no longer answers: it takes no more work in this batch. */
  down: boolean;
}

/**
 * Where a batch's checks run: one Docker engine of a pool, or this machine in local mode. The
 * batch spreads submissions over its engines and needs nothing else of them.
 */
export interface BatchEngine {
  /** Names the engine in lines, reports and summaries: its URL, or `local`. */
  url: string;
  /** Runs in flight at once on this engine. */
  jobs: number;
  /** Resolves with null once the engine can take work, or with why it never will. */
  ready: Promise<string | null>;
  createExecutor: CreateCheckExecutor;
  /** After a check threw: the engine's fault, or null when the error is the submission's. */
  fault(error: unknown): Promise<EngineFault | null>;
  /** Resolves with a reason if a watch finds that the engine stopped answering. */
  lost: Promise<string>;
  /** Ends the watch. */
  close(): void;
}

// One engine that is always there: this machine (local mode), or a single executor factory.
export function singleBatchEngine(
  url: string,
  jobs: number,
  createExecutor: BatchEngine['createExecutor'],
): BatchEngine {
  return {
    url,
    jobs,
    ready: Promise.resolve(null),
    createExecutor,
    fault: () => Promise.resolve(null),
    lost: new Promise<string>(() => undefined),
    close: () => undefined,
  };
}
