/**
 * The seam between "how a generator is executed" (a Docker container, or a local process for
 * `rpe check`) and "what is checked about its output". Both executors return the same RunResult,
 * so the checks, the verdict and the report never know which one ran.
 */

import type { NetworkAttempt } from './parse-network-trace.js';
import type { InstallOutcome } from '../submission/plan-install.js';
import type { RunnerName } from '../submission/runner-of.js';

/** How an entrypoint is started. */
export type EntrypointKind = 'python' | 'tsx' | 'node';

export interface Entrypoint {
  /** File name relative to the submission root: generate.py, generate.ts or generate.js. */
  file: string;
  kind: EntrypointKind;
}

export interface Limits {
  /** Wall-clock limit per run, owned by the runner. */
  timeoutSeconds: number;
  /** Memory limit in bytes (memory = memory+swap in Docker). */
  memoryBytes: number;
  /** CPU quota, in cores. */
  cpus: number;
  /** Process limit. */
  pids: number;
  /** Largest output file accepted, in bytes. */
  outputBytes: number;
  /** How much of stdout/stderr is kept (the tail). */
  logBytes: number;
}

/**
 * What differs between the two runs of one seed, so that a generator that depends on anything
 * but the seed shows different bytes. Every field is applied by both executors where it can be.
 */
export interface EnvVariation {
  name: string;
  pythonHashSeed: string;
  tz: string;
  lang: string;
  home: string;
  hostname: string;
  /** Where the submission is mounted (Docker) or copied (local). */
  submissionPath: string;
  /** Reverse the order in which directory entries of the submission are created. */
  reverseEntries: boolean;
  /** How many throwaway processes to start first so the generator gets a different pid. */
  pidShift: number;
  /**
   * Where `--out` points, relative to the writable output area (`{seed}` is the seed). It differs
   * between the two runs of a seed, so a generator that ignores `--out` has no output.
   */
  outputPath: string;
  /** Seconds the clock is moved forward (libfaketime); 0 leaves it as it is. */
  clockShiftSeconds: number;
  /** The file-mode creation mask the generator starts with (octal). */
  umask: string;
  /** The user and group id the generator runs as, where the executor can choose it. */
  uid: number;
  /** Whether the generator may use every CPU the runner has, or one only (its affinity). */
  cpus: 'all' | 'one';
}

export interface RunRequest {
  submissionDir: string;
  entrypoint: Entrypoint;
  seed: number;
  limits: Limits;
  variation: EnvVariation;
  /** Called with a short status line while the run goes on (for progress display). */
  onStatus?: (line: string) => void;
}

/** How one run ended; every status but 'ok' is also a reason code of the same name. */
export const RUN_STATUSES = [
  'ok',
  'timeout',
  'memory_limit',
  'runtime_error',
  'output_limit',
  'unsafe_output',
  'no_output',
  // Found after a run that could write into the tree (a local run without namespaces).
  'tree_write',
] as const;

export type RunStatus = (typeof RUN_STATUSES)[number];

export interface RunResult {
  status: RunStatus;
  seed: number;
  variation: string;
  exitCode: number | null;
  /** True only when the runner's own wall-clock limit ended the run. */
  timedOut: boolean;
  oomKilled: boolean;
  wallMs: number;
  /** Peak memory in bytes where the executor can measure it, else null. */
  peakMemoryBytes: number | null;
  stdoutTail: string;
  stderrTail: string;
  /** The output file's bytes, present only when status is 'ok'. */
  output?: Buffer;
  outputSha256?: string;
  /** One line for people when status is not 'ok'. */
  message?: string;
  /**
   * Every attempt of the generator, or a process it started, to use an internet socket; null
   * when the executor cannot see them (local mode).
   */
  networkAttempts: NetworkAttempt[] | null;
}

/** The message of a failed install step that said nothing itself. */
export const INSTALL_FAILED = 'the install step failed';

/**
 * The result of a run asked for after the install step failed: the generator never started, and
 * the install's message says why. Both executors give it, so the words are the same.
 */
export function runAfterFailedInstall(request: RunRequest, message: string): RunResult {
  return {
    status: 'runtime_error',
    seed: request.seed,
    variation: request.variation.name,
    exitCode: null,
    timedOut: false,
    oomKilled: false,
    wallMs: 0,
    peakMemoryBytes: null,
    stdoutTail: '',
    stderrTail: '',
    message,
    networkAttempts: null,
  };
}

export interface Executor {
  readonly kind: 'docker' | 'local';
  /** Whether runs are isolated from the host (network, filesystem, limits). */
  readonly isolated: boolean;
  /** Whether every run's network calls are traced (RunResult.networkAttempts is never null). */
  readonly networkTraced: boolean;
  /**
   * Why the install step (pip from requirements.txt, npm ci from the lock) failed, when it did: nothing
   * the generator needs is there, so a check makes no run. A run asked for anyway fails with it.
   */
  readonly installFailure?: string | null;
  /**
   * Whether the install step wrote into the tree the executor was given (a local check's npm ci
   * into its copy's node_modules): a check then lists the tree again before the runs, so that
   * what the install put there is not taken for a write of the generator.
   */
  readonly installedIntoTree?: boolean;
  /** The install step's outcome (what it installed, from where), for the report. */
  readonly install?: InstallOutcome | null;
  /** What the runs needed of the runner (python, python+node, node, node+tsx). */
  readonly runner?: RunnerName;
  run(request: RunRequest): Promise<RunResult>;
  /** Releases everything this executor created (containers, temporary folders). */
  dispose(): Promise<void>;
}
