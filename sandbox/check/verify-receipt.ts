import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RpeError } from '../../framework/index.js';
import { ENV_VARIATIONS } from '../run/env-variations.js';
import type { Entrypoint, Limits, RunStatus } from '../run/executor.js';
import { hashTree } from '../submission/hash-tree.js';
import type { CheckExecutor } from './check-submission.js';
import { mapConcurrent } from './map-concurrent.js';
import { reportSchema, type Report } from './report-schema.js';

export interface VerifiedSeed {
  seed: number;
  expected: string;
  actual: string | null;
  status: RunStatus;
  same: boolean;
}

export interface VerifyResult {
  same: boolean;
  receipt: string;
  tree_hash: { expected: string; actual: string; same: boolean };
  seeds: VerifiedSeed[];
  /** Seeds the receipt holds no output hash for (they failed or differed): not re-run. */
  skipped: number[];
}

// Reads and validates a report.json (or the report.json inside a folder) as a run receipt.
export async function readReceipt(path: string): Promise<{ file: string; report: Report }> {
  const isDir = await stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
  const file = isDir ? join(path, 'report.json') : path;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new RpeError('receipt_unreadable', `cannot read ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RpeError('receipt_invalid', `${file} is not JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = reportSchema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new RpeError(
      'receipt_invalid',
      `${file} is not a report: ${first?.path.join('.') || '(root)'}: ${first?.message}`,
    );
  }
  return { file, report: parsed.data };
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

/**
 * Re-runs every seed of a receipt that recorded an output hash, with the receipt's limits, and
 * compares the new output hashes with the recorded ones; the submission tree hash must match too.
 */
export async function verifyReceipt(options: {
  receipt: string;
  /** The submission folder; by default the path the receipt records. */
  dir?: string;
  createExecutor: (entrypoint: Entrypoint) => Promise<CheckExecutor>;
  jobs?: number;
}): Promise<VerifyResult> {
  const { file, report } = await readReceipt(options.receipt);
  const dir = resolve(options.dir ?? report.submission.path);
  const isDir = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir)
    throw new RpeError('submission_missing', `${dir} (the submission of ${file}) is not a folder`);
  if (!report.entrypoint)
    throw new RpeError('receipt_no_runs', `${file} records no runs (no entrypoint)`, {
      exitCode: 1,
    });
  const entrypoint: Entrypoint = report.entrypoint;
  const actualTree = await hashTree(dir);
  const hashed = report.seeds.filter((s) => s.output_sha256 !== null);
  const limits = receiptLimits(report);
  const executor = await options.createExecutor(entrypoint);
  let seeds: VerifiedSeed[];
  try {
    seeds = await mapConcurrent(hashed, options.jobs ?? 1, async (s) => {
      const run = await executor.run({
        submissionDir: dir,
        entrypoint,
        seed: s.seed,
        limits,
        variation: ENV_VARIATIONS[0],
      });
      const actual = run.outputSha256 ?? null;
      return {
        seed: s.seed,
        expected: s.output_sha256 ?? '',
        actual,
        status: run.status,
        same: actual === s.output_sha256,
      };
    });
  } finally {
    await executor.dispose();
  }
  const tree = {
    expected: report.submission.tree_hash,
    actual: actualTree,
    same: actualTree === report.submission.tree_hash,
  };
  return {
    same: tree.same && seeds.every((s) => s.same),
    receipt: file,
    tree_hash: tree,
    seeds,
    skipped: report.seeds.filter((s) => s.output_sha256 === null).map((s) => s.seed),
  };
}
