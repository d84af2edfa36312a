import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RpeError } from '../../framework/index.js';
import { parseSeeds } from '../run/default-limits.js';
import type { Entrypoint, Limits } from '../run/executor.js';
import { hashTree } from '../submission/hash-tree.js';
import { checkSubmission, type CheckExecutor } from './check-submission.js';
import { fetchGitSubmission } from './fetch-git-submission.js';
import { mapConcurrent } from './map-concurrent.js';
import { readSubmissionList, type SubmissionSource } from './read-submission-list.js';
import type { Report } from './report-schema.js';
import type { CheckProgress } from './run-seeds.js';
import { readReceipt } from './verify-receipt.js';
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

async function finishedReport(
  reportDir: string,
  treeHash: string,
  seeds: readonly number[],
): Promise<Report | null> {
  try {
    const { report } = await readReceipt(reportDir);
    const same = report.requested_seeds.join(',') === seeds.join(',');
    return same && report.submission.tree_hash === treeHash ? report : null;
  } catch {
    return null;
  }
}

function rowFor(
  source: SubmissionSource,
  report: Report,
  reportPath: string,
  resumed: boolean,
): BatchRow {
  const slowest = report.seeds.reduce<number | null>(
    (m, s) => (s.wall_ms === null ? m : Math.max(m ?? 0, s.wall_ms / 1000)),
    null,
  );
  return {
    name: source.name,
    source: source.kind === 'git' ? `${source.url}@${source.ref}` : source.path,
    commit: report.submission.source?.commit ?? null,
    verdict: report.verdict,
    reasons: [...new Set(report.reasons.map((r) => r.code))],
    tree_hash: report.submission.tree_hash,
    max_seed_seconds: slowest,
    report: reportPath,
    resumed,
    message: null,
  };
}

/**
 * Checks many submissions with one seed list: one report folder per submission under `outDir`,
 * then summary.md and summary.csv. Git submissions are cloned under `outDir/.work`. Resumable: a
 * submission whose report.json is already there for the same tree hash and seeds is not re-run.
 * A submission that cannot be checked (a failed clone) is an `error` row; the batch goes on.
 */
export async function runBatch(options: {
  submissions: string;
  seeds: readonly number[];
  outDir: string;
  limits: Limits;
  /** Submissions checked at once; each runs its seeds one at a time. */
  jobs?: number;
  createExecutor: (submissionDir: string, entrypoint: Entrypoint) => Promise<CheckExecutor>;
  onProgress?: (event: CheckProgress) => void;
}): Promise<{ rows: BatchRow[]; summary: { csv: string; markdown: string } }> {
  const outDir = resolve(options.outDir);
  const sources = await readSubmissionList(options.submissions);
  await mkdir(outDir, { recursive: true });
  let done = 0;
  const rows = await mapConcurrent(
    sources,
    options.jobs ?? 1,
    async (source): Promise<BatchRow> => {
      const reportDir = join(outDir, source.name);
      try {
        let dir = source.kind === 'folder' ? source.path : join(outDir, '.work', source.name);
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
        const treeHash = await hashTree(dir).catch((error: unknown) => {
          throw new RpeError(
            'submission_unreadable',
            `cannot read ${dir}: ${(error as Error).message}`,
          );
        });
        const previous = await finishedReport(reportDir, treeHash, options.seeds);
        if (previous) return rowFor(source, previous, join(reportDir, 'report.json'), true);
        const report = await checkSubmission({
          dir,
          seeds: options.seeds,
          limits: options.limits,
          jobs: 1,
          source: origin,
          createExecutor: (entrypoint) => options.createExecutor(dir, entrypoint),
        });
        const written = await writeReport(reportDir, report);
        return rowFor(source, report, written.json, false);
      } catch (error) {
        // One broken submission (or a failed clone) must not stop the others.
        const message = error instanceof Error ? error.message : String(error);
        const where = source.kind === 'git' ? `${source.url}@${source.ref}` : source.path;
        return {
          name: source.name,
          source: where,
          commit: null,
          verdict: 'error',
          reasons: [],
          tree_hash: null,
          max_seed_seconds: null,
          report: null,
          resumed: false,
          message,
        };
      } finally {
        done++;
        options.onProgress?.({ done, total: sources.length, label: source.name });
      }
    },
  );
  const summary = await writeBatchSummary(outDir, rows);
  return { rows, summary };
}
