import type { InstallSource } from '../submission/install-source.js';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RpeError, readSource } from '../../framework/index.js';
import { onInterrupt } from '../engine/index.js';
import { parseSeeds } from '../run/default-limits.js';
import type { Entrypoint, Limits } from '../run/executor.js';
import { detectEntrypoint } from '../submission/detect-entrypoint.js';
import { hashTree } from '../submission/hash-tree.js';
import { prepareSubmissionTree } from '../submission/prepare-submission-tree.js';
import type { BatchEngine } from './batch-engine.js';
import { checkSubmission } from './check-submission.js';
import { clearReportDir } from './clear-report-dir.js';
import { fetchGitSubmission } from './fetch-git-submission.js';
import { limitExecutor } from './limit-runs.js';
import { readReceipt } from './read-receipt.js';
import {
  isBatchFileName,
  readSubmissionList,
  type SubmissionSource,
} from './read-submission-list.js';
import type { Report, Requeue } from './report-schema.js';
import { spreadOverEngines, type EngineUse } from './spread-over-engines.js';
import { staleBecause, type RunSettings } from './stale-because.js';
import { writeBatchSummary, type BatchRow } from './write-batch-summary.js';
import { writeReport } from './write-report.js';

// Reads a seeds file: integers separated by commas, spaces or newlines.
export async function readSeedsFile(path: string): Promise<number[]> {
  // A folder, a pipe or a device is refused before it is opened.
  const text = new TextDecoder().decode(
    readSource(path, { stdin: false, code: 'seeds_unreadable' }),
  );
  // Seeds by line (spaces or commas between them, `#` comments), each as `--seeds` takes it; a
  // fault names the file and the line.
  const seeds: number[] = [];
  const lineOf = new Map<number, number>();
  text.split('\n').forEach((raw, i) => {
    for (const token of raw.replace(/#.*$/, '').split(/[\s,]+/)) {
      if (token === '') continue;
      let seed: number;
      try {
        [seed = 0] = parseSeeds(token);
      } catch (error) {
        throw new RpeError('bad_seeds', `${path} line ${i + 1}: ${(error as Error).message}`);
      }
      const first = lineOf.get(seed);
      if (first !== undefined) {
        throw new RpeError(
          'bad_seeds',
          `${path} line ${i + 1}: seed ${seed} is repeated (first on line ${first})`,
        );
      }
      lineOf.set(seed, i + 1);
      seeds.push(seed);
    }
  });
  if (seeds.length === 0) throw new RpeError('bad_seeds', `${path} lists no seeds`);
  return seeds;
}

export interface BatchOptions {
  submissions: string;
  seeds: readonly number[];
  outDir: string;
  limits: Limits;
  /** Where the install step may fetch what a tree pins but does not hold (default: bridge). */
  install?: InstallSource;
  /**
   * Where the checks run: the engines of a pool (each with its own `jobs`), or one local engine.
   * Every seed of a submission, and its diagnosis runs, run on the engine that took it.
   */
  engines: readonly BatchEngine[];
  /**
   * Runs in flight at once over the whole batch, and submissions checked at once (default: the
   * engines' jobs summed). Each engine also keeps to its own `jobs`.
   */
  jobs?: number;
  /** Check every submission again, even one whose earlier report still stands. */
  rerun?: boolean;
  toolkitVersion: string;
  executor: 'docker' | 'local';
  /**
   * The ID of the image runs of this entrypoint would use now, the same on every engine (null in
   * local mode); `runner` is the earlier report's (a generate.py that starts Node uses the node image).
   */
  imageFor: (entrypoint: Entrypoint, runner?: Report['runner']) => Promise<string | null>;
  /** Called once the list of submissions is read, before any check. */
  onStart?: (total: number) => void;
  /** Called as each submission finishes, in the order they finish. */
  onRow?: (row: BatchRow, done: number, total: number) => void;
  /** An engine of the pool could not take work (its images), or failed mid-batch. */
  onEngine?: (event: { url: string; status: 'skipped' | 'lost'; reason: string }) => void;
  /** A submission went back to the queue because its engine failed. */
  onRequeued?: (name: string, url: string, reason: string) => void;
  /** A submission named like another got a name of its own (its report folder), said once. */
  onRenamed?: (event: { name: string; from: string; source: string; batchFile: boolean }) => void;
}

function sourceText(source: SubmissionSource): string {
  return source.kind === 'git' ? `${source.url}@${source.ref}` : source.path;
}

function rowFor(
  source: SubmissionSource,
  report: Report,
  reportPath: string,
  rerun: { resumed: boolean; because: string | null },
): BatchRow {
  const slowest = report.seeds.reduce<number | null>(
    (m, s) => (s.wall_ms === null ? m : Math.max(m ?? 0, s.wall_ms / 1000)),
    null,
  );
  return {
    name: source.name,
    source: sourceText(source),
    commit: report.submission.commit ?? report.submission.source?.commit ?? null,
    verdict: report.verdict,
    reasons: [...new Set(report.reasons.map((r) => r.code))],
    warnings: report.warnings.length,
    tree_hash: report.submission.tree_hash,
    max_seed_seconds: slowest,
    image: report.image.name,
    image_id: report.image.id,
    engine: report.engine?.url ?? null,
    toolkit_version: report.toolkit_version,
    report: reportPath,
    resumed: rerun.resumed,
    rerun_because: rerun.because,
    requeued_from: report.requeued.map((r) => r.engine),
    message: null,
  };
}

// The row of a submission that could not be checked.
function errorRow(
  source: SubmissionSource,
  message: string,
  toolkitVersion: string,
  requeued: Requeue[],
  engine: string | null,
): BatchRow {
  return {
    name: source.name,
    source: sourceText(source),
    commit: null,
    verdict: 'error',
    reasons: [],
    warnings: 0,
    tree_hash: null,
    max_seed_seconds: null,
    image: null,
    image_id: null,
    engine,
    toolkit_version: toolkitVersion,
    report: null,
    resumed: false,
    rerun_because: null,
    requeued_from: requeued.map((r) => r.engine),
    message,
  };
}

// Why the earlier report of a submission cannot stand, or null when it can be reused.
async function earlierReport(
  reportDir: string,
  dir: string,
  source: Report['submission']['source'],
  settings: RunSettings,
  imageFor: BatchOptions['imageFor'],
): Promise<{ report: Report | null; because: string | null }> {
  let report: Report;
  try {
    const read = await readReceipt(reportDir);
    if (read.schema !== 'rpe-report/2')
      return { report: null, because: `an ${read.schema} report` };
    report = read.report;
  } catch {
    return { report: null, because: null };
  }
  const tree = await prepareSubmissionTree({ dir });
  try {
    const treeHash = await hashTree(tree.dir);
    const entrypoint = (await detectEntrypoint(tree.dir)).entrypoint;
    const imageId = entrypoint ? await imageFor(entrypoint, report.runner) : null;
    const because = staleBecause(report, { settings, treeHash, imageId, source });
    return { report: because === null ? report : null, because };
  } finally {
    await tree.dispose();
  }
}

/** A submission once it is fetched and its earlier report looked at. */
interface Prepared {
  dir: string;
  origin: Report['submission']['source'];
  because: string | null;
}

// Moves a finished attempt's kept sets into the report folder.
async function keepSets(attemptDir: string, reportDir: string): Promise<void> {
  for (const name of await readdir(attemptDir).catch(() => [] as string[]))
    await rename(join(attemptDir, name), join(reportDir, name));
  await rm(attemptDir, { recursive: true, force: true });
}

/**
 * Checks many submissions with one seed list: one report folder per submission under `outDir`,
 * with its report and its kept sets, then summary.md and summary.csv. A queue of submissions
 * spread over the engines: each engine takes submissions as its `jobs` allow, runs every seed of
 * one submission (and its diagnosis runs) itself, and its rows are reported as soon as they are
 * done. A submission whose engine fails goes back to the queue for the others, and its report
 * says so; every submission ends with a row. Git submissions are cloned under `outDir/.work`,
 * once (a clone is reused only for the same URL). Resumable: a submission whose earlier report
 * has the same source (a git line's URL and ref), tree, seeds, limits, toolkit version, executor
 * and image ID (whichever engine ran it) is not re-run (`rerun` forces it). One
 * that cannot be checked (a failed clone) is an `error` row; the batch goes on. A check left on
 * an engine that stopped answering is not awaited: its requests may stay open until that engine
 * answers again, so a caller that is done should not wait for them either (an engine `lost`).
 */
export async function runBatch(options: BatchOptions): Promise<{
  rows: BatchRow[];
  engines: EngineUse[];
  summary: { csv: string; markdown: string };
}> {
  const outDir = resolve(options.outDir);
  const sources = await readSubmissionList(options.submissions, { exclude: outDir });
  for (const source of sources) {
    if (source.renamedFrom !== undefined) {
      options.onRenamed?.({
        name: source.name,
        from: source.renamedFrom,
        source: sourceText(source),
        batchFile: isBatchFileName(source.renamedFrom),
      });
    }
  }
  await mkdir(outDir, { recursive: true });
  options.onStart?.(sources.length);
  const capacity = options.engines.reduce((sum, e) => sum + e.jobs, 0);
  const jobs = Math.max(1, options.jobs ?? capacity);
  const l = options.limits;
  const settings: RunSettings = {
    seeds: options.seeds,
    limits: {
      timeout_seconds: l.timeoutSeconds,
      memory_bytes: l.memoryBytes,
      cpus: l.cpus,
      pids: l.pids,
      output_bytes: l.outputBytes,
      log_bytes: l.logBytes,
    },
    toolkitVersion: options.toolkitVersion,
    executor: options.executor,
    ...(options.install ? { install: options.install } : {}),
  };
  const prepared = new Map<SubmissionSource, Prepared>();
  // Clones a git submission and reads its earlier report, once whatever engine takes it.
  const prepare = async (source: SubmissionSource): Promise<Prepared | Report> => {
    const known = prepared.get(source);
    if (known) return known;
    const reportDir = join(outDir, source.name);
    let dir = source.kind === 'folder' ? resolve(source.path) : join(outDir, '.work', source.name);
    let origin: Report['submission']['source'] = null;
    if (source.kind === 'git') {
      await mkdir(join(outDir, '.work'), { recursive: true });
      const { commit } = await fetchGitSubmission({ url: source.url, ref: source.ref, dest: dir });
      origin = { url: source.url, ref: source.ref, commit };
    } else dir = resolve(dir);
    const earlier = options.rerun
      ? { report: null, because: 'asked to rerun' }
      : await earlierReport(reportDir, dir, origin, settings, options.imageFor);
    if (earlier.report) return earlier.report;
    await clearReportDir(reportDir);
    const ready = { dir, origin, because: earlier.because };
    prepared.set(source, ready);
    return ready;
  };
  let done = 0;
  // On Ctrl-C or SIGTERM the runs' containers and trees are removed while the checks still run:
  // they then fail for that alone, so from then on nothing is started, no row is reported and no
  // summary written. The checks in flight are given the time to end (and remove what they made a
  // moment after the first removal); the process then ends with the signal.
  let interrupted = false;
  let spreading: Promise<unknown> = Promise.resolve();
  const release = onInterrupt(async () => {
    interrupted = true;
    await spreading.catch(() => undefined);
  });
  const spread = spreadOverEngines<SourceTask, BatchRow>({
    tasks: sources.map((source) => ({ source })),
    engines: options.engines,
    limit: jobs,
    async attempt({ source }, { engine, runs, requeued, attempt }) {
      if (interrupted) throw new RpeError('interrupted', 'the batch was interrupted');
      const reportDir = join(outDir, source.name);
      let ready: Prepared | Report;
      try {
        ready = await prepare(source);
      } catch (error) {
        // A failed clone or an unusable report folder: the submission's, never the engine's.
        const message = error instanceof Error ? error.message : String(error);
        return async () => errorRow(source, message, options.toolkitVersion, requeued, null);
      }
      if (!('dir' in ready)) {
        const path = join(reportDir, 'report.json');
        return async () => rowFor(source, ready, path, { resumed: true, because: null });
      }
      // Each attempt keeps its sets apart: one abandoned on a failed engine never mixes with the next.
      const attemptDir = join(outDir, '.work', 'attempts', `${source.name}.${attempt}`);
      await rm(attemptDir, { recursive: true, force: true });
      await mkdir(attemptDir, { recursive: true });
      const report = await checkSubmission({
        dir: ready.dir,
        seeds: options.seeds,
        limits: options.limits,
        ...(options.install ? { install: options.install } : {}),
        jobs: engine.jobs,
        source: ready.origin,
        setsDir: attemptDir,
        createExecutor: async (entrypoint, tree, facts) =>
          limitExecutor(await engine.createExecutor(entrypoint, tree, facts), runs),
      });
      return async () => {
        await keepSets(attemptDir, reportDir);
        const written = await writeReport(reportDir, { ...report, requeued });
        return rowFor(source, { ...report, requeued }, written.json, {
          resumed: false,
          because: ready.because,
        });
      };
    },
    // One broken submission (or a failed clone) must not stop the others.
    failed: ({ source }, error, engine, requeued) =>
      errorRow(
        source,
        error instanceof Error ? error.message : String(error),
        options.toolkitVersion,
        requeued,
        options.executor === 'docker' ? engine.url : null,
      ),
    abandoned: ({ source }, why, requeued) =>
      errorRow(source, `not checked: ${why}`, options.toolkitVersion, requeued, null),
    onSkipped: (engine, reason) =>
      options.onEngine?.({ url: engine.url, status: 'skipped', reason }),
    onLost: (engine, reason) => options.onEngine?.({ url: engine.url, status: 'lost', reason }),
    onRequeued: ({ source }, engine, reason) =>
      options.onRequeued?.(source.name, engine.url, reason),
    onResult: (row) => {
      if (!interrupted) options.onRow?.(row, ++done, sources.length);
    },
  });
  spreading = spread;
  const { results: rows, engines } = await spread.finally(release);
  if (interrupted)
    throw new RpeError(
      'interrupted',
      'the batch was interrupted: run it again with the same options to resume',
    );
  await rm(join(outDir, '.work', 'attempts'), { recursive: true, force: true });
  // A submission that could not be checked has no report: the folder made ready for it goes, if
  // nothing is in it (rmdir removes only an empty folder), so no folder looks like a report.
  await Promise.all(
    rows
      .filter((r) => r.verdict === 'error')
      .map((r) => rmdir(join(outDir, r.name)).catch(() => undefined)),
  );
  const summary = await writeBatchSummary(outDir, rows, settings, engines);
  return { rows, engines, summary };
}

interface SourceTask {
  source: SubmissionSource;
}
