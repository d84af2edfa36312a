import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RpeError } from '../../framework/index.js';
import type { Limits } from '../run/executor.js';
import type { InstallSource } from '../submission/install-source.js';
import { prepareSubmissionTree } from '../submission/prepare-submission-tree.js';
import type { ExecutorFactory } from './check-submission.js';
import { checkTree } from './check-tree.js';
import { compareReceipt, type ReceiptComparison } from './compare-receipt.js';
import { fetchGitSubmission } from './fetch-git-submission.js';
import { readKeptSets } from './read-kept-sets.js';
import { readReceipt, type READABLE_SCHEMAS } from './read-receipt.js';
import type { Report } from './report-schema.js';
import type { CheckProgress } from './run-seeds.js';

export type { VerifiedSeed } from './compare-receipt.js';

/** How a side ran: the executor kind, its isolation and tracing, and its image. */
export interface ExecutorSide {
  kind: Report['executor']['kind'];
  isolated: boolean;
  network_traced: boolean;
  image: Report['image'];
}

export interface VerifyResult extends ReceiptComparison {
  same: boolean;
  receipt: string;
  /** The receipt's schema; a first-schema receipt is read as the current one. */
  schema: (typeof READABLE_SCHEMAS)[number];
  /**
   * The receipt's sha256 computed from the file, the one it records (null: none), and the one
   * `--expect-sha256` pinned (null: none was given).
   */
  receipt_sha256: { computed: string; recorded: string | null; expected: string | null };
  /** The commit re-created, when the receipt recorded one. */
  commit: string | null;
  /** Where the submission came from: the recorded folder, or a fresh clone of the recorded URL. */
  from: 'folder' | 'clone';
  /** The receipt's executor beside the re-run's: the auditor chooses the re-run's. */
  executor: { receipt: ExecutorSide; rerun: ExecutorSide };
  /** Seeds asked for that the re-run did not run (no entrypoint, a failed install step). */
  skipped: number[];
}

// The limits a receipt recorded, as an executor takes them (the schema kept them in range).
export function receiptLimits(report: Report): Limits {
  const l = report.limits;
  return {
    timeoutSeconds: l.timeout_seconds,
    memoryBytes: l.memory_bytes,
    cpus: l.cpus,
    pids: l.pids,
    outputBytes: l.output_bytes,
    logBytes: l.log_bytes,
  };
}

async function isFolder(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

const side = (r: Report): ExecutorSide => ({ ...r.executor, image: r.image });

/**
 * Verifies a receipt by re-deriving its verdict: every seed it asked for is run again, in both
 * variations, with its limits, on the tree it recorded (its commit, for a git checkout), by the
 * check's own stages (checkTree); the result is compared with what the receipt says (see
 * compareReceipt). The receipt is untrusted: it is read by a strict schema, its kept sets are read
 * before anything runs, and nothing it names is run: the entrypoint is found again in the tree.
 * The executor is the caller's choice, whatever the receipt recorded. With `expectSha256`, a
 * receipt whose hash is another is refused before anything runs (exit 1). When the recorded
 * folder is gone and the receipt names the repository it was cloned from, that URL is cloned
 * again at the recorded commit.
 */
export async function verifyReceipt(options: {
  receipt: string;
  /** The submission folder; by default the path the receipt records. */
  dir?: string;
  /** Makes the executor factory for the receipt's limits: the caller chooses the executor. */
  executorFor: (limits: Limits, install?: InstallSource) => ExecutorFactory;
  /**
   * Where the install step may fetch what the tree pins but does not hold, given what the receipt
   * recorded (verify repeats the receipt's index unless the auditor names another).
   */
  installFor?: (recorded: Report['install']) => InstallSource;
  jobs?: number;
  /** The receipt's published sha256 (64 hex digits). */
  expectSha256?: string;
  onProgress?: (event: CheckProgress) => void;
}): Promise<VerifyResult> {
  const { file, report, schema, sha256 } = await readReceipt(options.receipt);
  const expected = options.expectSha256?.toLowerCase() ?? null;
  if (expected !== null && expected !== sha256) {
    throw new RpeError(
      'receipt_not_pinned',
      `${file} has sha256 ${sha256}, not the expected ${expected}: it is not the published receipt`,
      { exitCode: 1 },
    );
  }
  const kept = readKeptSets(file, report);
  let dir = resolve(options.dir ?? report.submission.path);
  let clone: string | null = null;
  const source = report.submission.source;
  if (!(await isFolder(dir))) {
    // A folder given by --dir is what the user asked for: no clone is tried in its place.
    if (options.dir !== undefined) {
      throw new RpeError('submission_missing', `--dir ${options.dir} is not a folder`);
    }
    if (!source) {
      throw new RpeError(
        'submission_missing',
        `${dir} (the submission of ${file}) is not a folder, and the receipt records no repository to clone`,
      );
    }
    clone = await mkdtemp(join(tmpdir(), 'rpe-verify-'));
    dir = join(clone, 'repo');
  }
  try {
    if (clone && source)
      await fetchGitSubmission({ url: source.url, ref: source.commit, dest: dir });
    const commit = report.submission.commit;
    const tree = await prepareSubmissionTree({
      dir,
      selection: report.submission.selection,
      ...(report.submission.selection === 'git' && commit ? { ref: commit } : {}),
    });
    const install = options.installFor?.(report.install);
    try {
      const rerun = await checkTree(
        {
          seeds: report.requested_seeds,
          limits: receiptLimits(report),
          createExecutor: options.executorFor(receiptLimits(report), install),
          ...(install ? { install } : {}),
          jobs: options.jobs ?? 1,
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        },
        tree,
        { path: dir, source },
      );
      const comparison = compareReceipt({
        receipt: report,
        rerun: rerun.report,
        outputs: rerun.outputs,
        kept,
      });
      const recorded = report.receipt_sha256;
      if (recorded !== null && recorded !== sha256) {
        comparison.differences.unshift(
          `receipt sha256: recorded ${recorded}, computed ${sha256} (the receipt was changed after it was written)`,
        );
      }
      return {
        ...comparison,
        same: comparison.differences.length === 0,
        receipt: file,
        schema,
        receipt_sha256: { computed: sha256, recorded, expected },
        commit: report.submission.commit,
        from: clone ? 'clone' : 'folder',
        executor: { receipt: side(report), rerun: side(rerun.report) },
        skipped: report.requested_seeds.filter(
          (seed) => !rerun.report.seeds.some((s) => s.seed === seed),
        ),
      };
    } finally {
      await tree.dispose();
    }
  } finally {
    if (clone) await rm(clone, { recursive: true, force: true });
  }
}
