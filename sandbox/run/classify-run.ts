import type { CollectedOutput } from './collect-output.js';
import type { RunStatus } from './executor.js';
import { summarizeError } from './summarize-error.js';

export interface RunOutcome {
  /** The runner's own wall-clock limit ended the run. */
  timedOut: boolean;
  /** The kernel's memory limit ended the run (Docker's OOMKilled). */
  oomKilled: boolean;
  exitCode: number | null;
  signal: string | null;
  timeoutSeconds: number;
  /** Whether a memory limit was in force, so an allocation failure can be attributed to it. */
  memoryLimited: boolean;
  stderrTail: string;
  collected: CollectedOutput;
}

const ALLOCATION_FAILURES = [
  /^MemoryError\b/m,
  /JavaScript heap out of memory/,
  /Cannot allocate memory/,
  /std::bad_alloc/,
];

/** A crash on writing where nothing but the output area is writable. */
const READ_ONLY = /\b(EROFS|Read-only file system)\b/;
/** Said after such a crash, the same in the sandbox and in local mode. */
export const READ_ONLY_HINT =
  "the submission tree is read-only (as in the organisers' sandbox): write only to the --out path";

// The last non-empty line of a log, for one-line messages.
export function lastLine(text: string): string {
  const lines = text.split('\n').map((l) => l.trim());
  return lines.filter((l) => l !== '').pop() ?? '';
}

/**
 * Decides a run's status in a fixed order: the runner's own timeout first (a killed process can
 * look like anything else), then running out of memory, then what the output file is (too big or
 * unsafe even when the generator crashed), then the exit code, then a missing output.
 */
export function classifyRun(outcome: RunOutcome): { status: RunStatus; message?: string } {
  const { collected } = outcome;
  if (outcome.timedOut) {
    return { status: 'timeout', message: `killed after the limit of ${outcome.timeoutSeconds} s` };
  }
  if (outcome.oomKilled) return { status: 'memory_limit', message: 'killed at the memory limit' };
  if (
    outcome.memoryLimited &&
    outcome.exitCode !== 0 &&
    ALLOCATION_FAILURES.some((re) => re.test(outcome.stderrTail))
  ) {
    return {
      status: 'memory_limit',
      message: `ran out of memory: ${lastLine(outcome.stderrTail)}`,
    };
  }
  if (collected.status === 'output_limit' || outcome.signal === 'SIGXFSZ') {
    return {
      status: 'output_limit',
      message: collected.message ?? 'stopped on writing past the output size limit',
    };
  }
  if (collected.status === 'unsafe_output')
    return { status: 'unsafe_output', message: collected.message };
  if (outcome.exitCode !== 0) {
    const how =
      outcome.exitCode === null
        ? `was killed by ${outcome.signal ?? 'a signal'}`
        : `exited with code ${outcome.exitCode}`;
    const line = summarizeError(outcome.stderrTail);
    const hint = READ_ONLY.test(outcome.stderrTail) ? `; ${READ_ONLY_HINT}` : '';
    return { status: 'runtime_error', message: `${line ? `${how}: ${line}` : how}${hint}` };
  }
  if (collected.status === 'no_output') return { status: 'no_output', message: collected.message };
  return { status: 'ok' };
}
