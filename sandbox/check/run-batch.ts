import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RpeError } from '../../framework/index.js';
import { parseSeeds } from '../run/default-limits.js';
import type { Entrypoint, Limits } from '../run/executor.js';
import { detectEntrypoint } from '../submission/detect-entrypoint.js';
import { hashTree } from '../submission/hash-tree.js';
import { prepareSubmissionTree } from '../submission/prepare-submission-tree.js';
import { checkSubmission, type CheckExecutor } from './check-submission.js';
import { clearReportDir } from './clear-report-dir.js';
import { fetchGitSubmission } from './fetch-git-submission.js';
import { createRunLimiter, limitExecutor } from './limit-runs.js';
import { mapConcurrent } from './map-concurrent.js';
import { readReceipt } from './read-receipt.js';
import { readSubmissionList, type SubmissionSource } from './read-submission-list.js';
import type { Report } from './report-schema.js';
import { staleBecause, type RunSettings } from './stale-because.js';
import { writeBatchSummary, type BatchRow } from './write-batch-summary.js';
import { writeReport } from './write-report.js';

// Reads a seeds file: integers separated by commas, spaces or newlines.
export async function readSeedsFile(path: string): Promise<number[]> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => {
    throw new RpeError('seeds_unreadable', `cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  });
  return parseSeeds(text.replace(/#.*$/gm, ''));
}

export interface BatchOptions {
  submissions: string;
  seeds: readonly number[];
  outDir: string;
  limits: Limits;
  /** Runs in flight at once, over all submissions; the seeds of one submission share them too. */
  jobs?: number;
  /** Check every submission again, even one whose earlier report still stands. */
  rerun?: boolean;
  toolkitVersion: string;
  executor: 'docker' | 'local';
  createExecutor: (entrypoint: Entrypoint, submissionDir: string) => Promise<CheckExecutor>;
  /** The ID of the image runs of this entrypoint would use now (null in local mode). */
  imageFor: (entrypoint: Entrypoint) => Promise<string | null>;
  /** Called once the list of submissions is read, before any check. */
  onStart?: (total: number) => void;
  /** Called as each submission finishes, in the order they finish. */
  onRow?: (row: BatchRow, done: number, total: number) => void;
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
    toolkit_version: report.toolkit_version,
    report: reportPath,
    resumed: rerun.resumed,
    rerun_because: rerun.because,
    message: null,
  };
}

// Why the earlier report of a submission cannot stand, or null when it can be reused.
async function earlierReport(
  reportDir: string,
  dir: string,
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
    const imageId = entrypoint ? await imageFor(entrypoint) : null;
    const because = staleBecause(report, { settings, treeHash, imageId });
    return { report: because === null ? report : null, because };
  } finally {
    await tree.dispose();
  }
}

/**
 * Checks many submissions with one seed list: one report folder per submission under `outDir`,
 * with its report and its kept sets, then summary.md and summary.csv. A queue of submissions, one
 * result per submission: each is checked as a slot frees up, its seeds running in parallel within
 * `jobs` runs in flight over the whole batch, and its row is reported as soon as it is done. Git
 * submissions are cloned under `outDir/.work`. Resumable: a submission whose earlier report has
 * the same tree, seeds, limits, toolkit version, executor and image ID is not re-run (`rerun`
 * forces it). One that cannot be checked (a failed clone) is an `error` row; the batch goes on.
 */
export async function runBatch(
  options: BatchOptions,
): Promise<{ rows: BatchRow[]; summary: { csv: string; markdown: string } }> {
  const outDir = resolve(options.outDir);
  const sources = await readSubmissionList(options.submissions);
  await mkdir(outDir, { recursive: true });
  options.onStart?.(sources.length);
  const jobs = Math.max(1, options.jobs ?? 1);
  const limiter = createRunLimiter(jobs);
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
  };
  let done = 0;
  const checkOne = async (source: SubmissionSource): Promise<BatchRow> => {
    const reportDir = join(outDir, source.name);
    try {
      let dir =
        source.kind === 'folder' ? resolve(source.path) : join(outDir, '.work', source.name);
      let origin: Report['submission']['source'] = null;
      if (source.kind === 'git') {
        await mkdir(join(outDir, '.work'), { recursive: true });
        const { commit } = await fetchGitSubmission({
          url: source.url,
          ref: source.ref,
          dest: dir,
        });
        origin = { url: source.url, ref: source.ref, commit };
      } else dir = resolve(dir);
      const earlier = options.rerun
        ? { report: null, because: 'asked to rerun' }
        : await earlierReport(reportDir, dir, settings, options.imageFor);
      if (earlier.report) {
        return rowFor(source, earlier.report, join(reportDir, 'report.json'), {
          resumed: true,
          because: null,
        });
      }
      await clearReportDir(reportDir);
      const report = await checkSubmission({
        dir,
        seeds: options.seeds,
        limits: options.limits,
        jobs,
        source: origin,
        setsDir: reportDir,
        createExecutor: async (entrypoint, tree) =>
          limitExecutor(await options.createExecutor(entrypoint, tree), limiter),
      });
      const written = await writeReport(reportDir, report);
      return rowFor(source, report, written.json, { resumed: false, because: earlier.because });
    } catch (error) {
      // One broken submission (or a failed clone) must not stop the others.
      const message = error instanceof Error ? error.message : String(error);
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
        toolkit_version: options.toolkitVersion,
        report: null,
        resumed: false,
        rerun_because: null,
        message,
      };
    }
  };
  const rows = await mapConcurrent(sources, jobs, async (source) => {
    const row = await checkOne(source);
    options.onRow?.(row, ++done, sources.length);
    return row;
  });
  const summary = await writeBatchSummary(outDir, rows, settings);
  return { rows, summary };
}
