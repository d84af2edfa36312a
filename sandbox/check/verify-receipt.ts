import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { RpeError } from '../../framework/index.js';
import { ENV_VARIATIONS } from '../run/env-variations.js';
import type { Entrypoint, Limits, RunStatus } from '../run/executor.js';
import { hashTree } from '../submission/hash-tree.js';
import { prepareSubmissionTree } from '../submission/prepare-submission-tree.js';
import type { ExecutorFactory } from './check-submission.js';
import { fetchGitSubmission } from './fetch-git-submission.js';
import { firstDifference, type FirstDifference } from './first-difference.js';
import { mapConcurrent } from './map-concurrent.js';
import { readReceipt, type READABLE_SCHEMAS } from './read-receipt.js';
import type { Report } from './report-schema.js';

export interface VerifiedSeed {
  seed: number;
  expected: string;
  actual: string | null;
  status: RunStatus;
  same: boolean;
  /**
   * The set kept beside the receipt against the re-run: `same`, `different` (with the first
   * differing line; the seed is then not the same), `missing` (the receipt names a file that is
   * not there beside it), or null when the receipt kept none.
   */
  kept: 'same' | 'different' | 'missing' | null;
  difference: FirstDifference | null;
}

export interface VerifyResult {
  same: boolean;
  receipt: string;
  /** The receipt's schema; a first-schema receipt is read as the current one. */
  schema: (typeof READABLE_SCHEMAS)[number];
  /** The commit re-created, when the receipt recorded one. */
  commit: string | null;
  /** Where the submission came from: the recorded folder, or a fresh clone of the recorded URL. */
  from: 'folder' | 'clone';
  tree_hash: { expected: string; actual: string; same: boolean };
  seeds: VerifiedSeed[];
  /** Seeds the receipt holds no output hash for (they failed, differed or never ran): not re-run. */
  skipped: number[];
}

// The limits a receipt recorded, as an executor takes them.
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

async function keptBytes(receiptFile: string, file: string): Promise<Buffer | null> {
  return readFile(join(dirname(receiptFile), file)).catch(() => null);
}

/**
 * Re-runs every seed of a receipt that recorded an output hash, with the receipt's limits, on
 * the tree it recorded (its commit, for a git checkout), and compares the new output with the
 * recorded hash and with the set kept beside the receipt; the tree hash must match too. When the
 * recorded folder is gone and the receipt names the repository it was cloned from, that URL is
 * cloned again at the recorded commit.
 */
export async function verifyReceipt(options: {
  receipt: string;
  /** The submission folder; by default the path the receipt records. */
  dir?: string;
  createExecutor: ExecutorFactory;
  jobs?: number;
}): Promise<VerifyResult> {
  const { file, report, schema } = await readReceipt(options.receipt);
  if (!report.entrypoint)
    throw new RpeError('receipt_no_runs', `${file} records no runs (no entrypoint)`, {
      exitCode: 1,
    });
  const entrypoint: Entrypoint = report.entrypoint;
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
    try {
      return await rerun({
        file,
        report,
        schema,
        tree: tree.dir,
        temporary: tree.selection !== 'in_place',
        entrypoint,
        options,
        from: clone ? 'clone' : 'folder',
      });
    } finally {
      await tree.dispose();
    }
  } finally {
    if (clone) await rm(clone, { recursive: true, force: true });
  }
}

async function rerun(args: {
  file: string;
  report: Report;
  schema: VerifyResult['schema'];
  tree: string;
  temporary: boolean;
  entrypoint: Entrypoint;
  from: VerifyResult['from'];
  options: {
    createExecutor: ExecutorFactory;
    jobs?: number;
  };
}): Promise<VerifyResult> {
  const { file, report, tree, entrypoint } = args;
  const actualTree = await hashTree(tree);
  const hashed = report.seeds.filter((s) => s.output_sha256 !== null);
  const limits = receiptLimits(report);
  const executor = await args.options.createExecutor(entrypoint, tree, {
    temporary: args.temporary,
  });
  let seeds: VerifiedSeed[];
  try {
    seeds = await mapConcurrent(hashed, args.options.jobs ?? 1, async (s) => {
      const run = await executor.run({
        submissionDir: tree,
        entrypoint,
        seed: s.seed,
        limits,
        variation: ENV_VARIATIONS[0],
      });
      const actual = run.outputSha256 ?? null;
      const kept = s.set ? await keptBytes(file, s.set.file) : null;
      const difference = kept && run.output ? firstDifference(kept, run.output) : null;
      const keptSame = kept ? createHash('sha256').update(kept).digest('hex') === actual : false;
      const keptState =
        s.set === null ? null : kept === null ? 'missing' : keptSame ? 'same' : 'different';
      return {
        seed: s.seed,
        expected: s.output_sha256 ?? '',
        actual,
        status: run.status,
        // A kept set that is not there (a receipt copied alone) is said, not held against it.
        same: actual === s.output_sha256 && keptState !== 'different',
        kept: keptState,
        difference,
      };
    });
  } finally {
    await executor.dispose();
  }
  const tree_hash = {
    expected: report.submission.tree_hash,
    actual: actualTree,
    same: actualTree === report.submission.tree_hash,
  };
  return {
    same: tree_hash.same && seeds.every((s) => s.same),
    receipt: file,
    schema: args.schema,
    commit: report.submission.commit,
    from: args.from,
    tree_hash,
    seeds,
    // Every seed asked for that gave no hash: those that failed or differed, and those that never
    // ran (no entrypoint, a failed install step).
    skipped: report.requested_seeds.filter((seed) => !hashed.some((s) => s.seed === seed)),
  };
}
