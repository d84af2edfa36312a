/**
 * One row of the bad-input table: a command run on bad input, and what the contract demands of
 * it. Each `NAME.cases.ts` in this folder has a `NAME.test.ts` beside it that runs its rows
 * through `check-row.ts`, which checks, besides the row's own expectations: the exit code; no stack trace; exactly one `rpe: `
 * line on stderr and nothing on stdout (unless `--json`) for exit 2; exactly one JSON document on
 * stdout when the row passes `--json`; and no file left behind in the row's folder, hidden staging
 * and temporary files included. A row may expect exit 0 when the input is hostile but legitimate
 * (a generator that prints): the contract on stdout holds there too.
 */
export interface BadInputCase {
  /** What the row shows, e.g. `validate: a FIFO with no writer is refused`. */
  name: string;
  /** Arguments after `rpe`. The run's working directory is the row's own temporary folder. */
  args: string[];
  /** Makes the row's files in its folder before the run (they may stay; new ones may not). */
  setup?: (dir: string) => void;
  /** Bytes on standard input (default: none, stdin closed). */
  stdin?: string | Buffer;
  /** Standard input opened from this path instead, e.g. `/dev/zero` for input that never ends. */
  stdinFrom?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
  exit: 0 | 1 | 2;
  /** The stderr text must match (for exit 2 it is one line). */
  stderr?: RegExp;
  /**
   * For exit 2 without --json, stdout must be empty unless the command had started its work
   * and said so (a run's progress lines): then it must match this.
   */
  stdout?: RegExp;
  /** Further checks of the JSON document (rows with `--json`). */
  json?: (doc: unknown) => void;
  /** Further checks of the row's folder after the run (e.g. that an input was not replaced). */
  after?: (dir: string) => void;
  /** Paths (relative to the folder) the command may leave behind, e.g. a report it must write. */
  allowed?: string[];
  /**
   * For inputs built to exhaust memory: the child's peak resident memory (measured by
   * /usr/bin/time) must stay below this many MB.
   */
  maxPeakMb?: number;
  /** Longest the row may take, in seconds (default 30): a command that hangs fails the row. */
  timeoutSeconds?: number;
}
