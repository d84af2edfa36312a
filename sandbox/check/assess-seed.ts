import { inputsFromJsonl, validateItems, type Item } from '../../framework/index.js';
import type { Entrypoint, EnvVariation, Executor, Limits, RunResult } from '../run/executor.js';
import { describeNetworkAttempts } from '../run/parse-network-trace.js';
import { diagnoseMismatch, type MismatchDiagnosis } from './diagnose-mismatch.js';
import { firstDifference } from './first-difference.js';
import { findTreeWrite } from './find-tree-write.js';
import { makeReason, reasonForStatus } from './reasons.js';
import type { Reason, RunReport, SeedReport, Warning } from './report-schema.js';
import type { SeedRuns } from './run-seeds.js';

const KEPT_ERRORS = 10;
const ERRORS_IN_MESSAGE = 3;

// A run as report.json shows it.
export function runReport(result: RunResult): RunReport {
  return {
    variation: result.variation,
    status: result.status,
    exit_code: result.exitCode,
    timed_out: result.timedOut,
    oom_killed: result.oomKilled,
    wall_ms: result.wallMs,
    peak_memory_bytes: result.peakMemoryBytes,
    output_sha256: result.outputSha256 ?? null,
    message: result.message ?? null,
    stdout_tail: result.stdoutTail,
    stderr_tail: result.stderrTail,
    network_attempts: result.networkAttempts,
  };
}

function quoted(line: string | null): string {
  return line === null ? 'no line' : `\`${line}\``;
}

// Why a run failed: a refused write into the tree is `tree_write`, else the run's own status.
function failureReason(failed: RunResult, seed: number, roots: string[]): Reason {
  const status = failed.status as Exclude<RunResult['status'], 'ok'>;
  const path = status === 'runtime_error' ? findTreeWrite(failed.stderrTail, roots) : null;
  if (path !== null) {
    return makeReason(
      'tree_write',
      seed,
      `seed ${seed}: the generator wrote into its own tree (${path}): ${failed.message ?? status}`,
    );
  }
  return makeReason(reasonForStatus(status), seed, `seed ${seed}: ${failed.message ?? status}`);
}

/**
 * Judges one seed from its two runs: the first failing run's status, then byte equality (with a
 * diagnosis of what causes a difference), then the format of the first run's output. Returns the
 * seed's report, its reasons, its item warnings, the inputs for the overlap check (null when
 * unreadable) and the items with their lines when the format is valid.
 */
export async function assessSeed(options: {
  runs: SeedRuns;
  executor: Executor;
  submissionDir: string;
  entrypoint: Entrypoint;
  limits: Limits;
  variations: readonly [EnvVariation, EnvVariation];
  jobs: number;
  /** The diagnosis of an earlier seed of the same check: reused instead of running again. */
  diagnosed?: { seed: number; diagnosis: MismatchDiagnosis } | undefined;
}): Promise<{
  report: SeedReport;
  reasons: Reason[];
  warnings: Warning[];
  inputs: string[] | null;
  items: { line: number; item: Item }[];
  extraRuns: number;
  /** This seed's own diagnosis, when it made one. */
  diagnosis?: MismatchDiagnosis;
}> {
  const { seed, first, second } = options.runs;
  const runs = second ? [first, second] : [first];
  const failed = runs.find((r) => r.status !== 'ok');
  const reasons: Reason[] = [];
  const report: SeedReport = {
    seed,
    status: failed?.status ?? 'ok',
    n_items: null,
    format_ok: null,
    errors: [],
    deterministic: null,
    difference: null,
    cause: null,
    output_sha256: null,
    wall_ms: Math.max(...runs.map((r) => r.wallMs)),
    peak_memory_bytes: runs.reduce<number | null>(
      (m, r) => (r.peakMemoryBytes === null ? m : Math.max(m ?? 0, r.peakMemoryBytes)),
      null,
    ),
    runs: runs.map(runReport),
    set: null,
  };
  const warnings: Warning[] = [];
  const none = { warnings, inputs: null, items: [] };
  let extraRuns = 0;
  let made: MismatchDiagnosis | undefined;
  if (failed) {
    const variation = options.variations.find((v) => v.name === failed.variation);
    const roots = [options.submissionDir, ...(variation ? [variation.submissionPath] : [])];
    reasons.push(failureReason(failed, seed, roots));
  }
  // A network call disqualifies even when it failed and the run went on to write its items.
  const attempts = runs.flatMap((r) => r.networkAttempts ?? []);
  if (attempts.length > 0) {
    reasons.push(
      makeReason(
        'network_attempt',
        seed,
        `seed ${seed}: tried the network: ${describeNetworkAttempts(attempts)}`,
      ),
    );
  }
  if (!first.output || first.status !== 'ok') return { report, reasons, ...none, extraRuns };
  if (second?.output) {
    const difference = firstDifference(first.output, second.output);
    report.deterministic = difference === null;
    report.difference = difference;
    if (difference) {
      // One diagnosis a check: what makes a generator's runs differ is the generator's, and each
      // diagnosis costs some ten runs. A later seed names the seed it was made on.
      const earlier = options.diagnosed;
      const diagnosis =
        earlier?.diagnosis ??
        (await diagnoseMismatch({
          executor: options.executor,
          request: {
            submissionDir: options.submissionDir,
            entrypoint: options.entrypoint,
            limits: options.limits,
            seed,
          },
          variations: options.variations,
          firstSha256: first.outputSha256 ?? '',
          jobs: options.jobs,
        }));
      if (earlier === undefined) {
        extraRuns = diagnosis.runs;
        made = diagnosis;
      }
      report.cause =
        earlier === undefined
          ? diagnosis.cause
          : `${diagnosis.cause} (found on seed ${earlier.seed})`;
      reasons.push(
        makeReason(
          'nondeterministic',
          seed,
          `seed ${seed}: the two runs differ at line ${difference.line} ` +
            `(${quoted(difference.first)} vs ${quoted(difference.second)}); ${report.cause}`,
        ),
      );
    } else {
      report.output_sha256 = first.outputSha256 ?? null;
    }
  }
  const validation = validateItems(first.output);
  report.n_items = validation.n_items;
  report.format_ok = validation.format_ok;
  report.errors = validation.errors.slice(0, KEPT_ERRORS);
  if (!validation.format_ok) {
    const shown = validation.errors
      .slice(0, ERRORS_IN_MESSAGE)
      .map((e) => (e.line > 0 ? `line ${e.line}: ${e.code}` : e.code))
      .join('; ');
    const more =
      validation.errors.length > ERRORS_IN_MESSAGE ? ` (${validation.errors.length} errors)` : '';
    reasons.push(makeReason('invalid_items', seed, `seed ${seed}: ${shown}${more}`));
  }
  for (const w of validation.warnings) {
    warnings.push({ code: w.code, seed, line: w.line > 0 ? w.line : null, message: w.message });
  }
  // With a valid format every line is an item, so the i-th item is on line i + 1.
  const items = validation.format_ok
    ? validation.items.map((item, i) => ({ line: i + 1, item }))
    : [];
  let inputs: string[] | null = null;
  try {
    inputs = inputsFromJsonl(first.output, `seed ${seed}`).inputs;
  } catch {
    inputs = null;
  }
  return {
    report,
    reasons,
    warnings,
    inputs,
    items,
    extraRuns,
    ...(made ? { diagnosis: made } : {}),
  };
}
