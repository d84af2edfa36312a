import { createHash } from 'node:crypto';
import { firstDifference, type FirstDifference } from './first-difference.js';
import { verdictOf, type Verdict } from './reasons.js';
import type { Reason, Report, SeedReport } from './report-schema.js';

/** One seed of a receipt against its re-run. */
export interface VerifiedSeed {
  seed: number;
  /** The output hash the receipt records (null: none). */
  expected: string | null;
  /** The output hash of the re-run (null: its runs failed or differed). */
  actual: string | null;
  /** How the re-run's seed ended (`ok` or a reason code); null when it did not run. */
  status: SeedReport['status'] | null;
  /** How the receipt says it ended; null when the receipt reports no run of it. */
  receipt_status: SeedReport['status'] | null;
  same: boolean;
  /**
   * The set kept beside the receipt against the re-run: `same`, `different` (with the first
   * differing line), `missing` (the receipt names a file that is not there beside it: said, not
   * held against it), or null when the receipt kept none.
   */
  kept: 'same' | 'different' | 'missing' | null;
  difference: FirstDifference | null;
}

/** What a receipt says against what its re-run derived, with one line per difference. */
export interface ReceiptComparison {
  verdict: { expected: Verdict; actual: Verdict; same: boolean };
  /** Each side's reasons as `code seed` (`seed_overlap 0-1 1.000` for a pair). */
  reasons: { expected: string[]; actual: string[]; same: boolean };
  tree_hash: { expected: string; actual: string; same: boolean };
  seeds: VerifiedSeed[];
  differences: string[];
  notes: string[];
}

const OVERLAP = /^seeds (\d+) and (\d+) overlap: Jaccard ([\d.]+)/;

// A reason as a comparison names it: its code and the seeds it names; `label` adds the Jaccard.
function reasonKey(reason: Reason): { key: string; label: string } {
  const pair = reason.code === 'seed_overlap' ? OVERLAP.exec(reason.message) : null;
  if (pair) {
    const key = `seed_overlap ${pair[1]}-${pair[2]}`;
    return { key, label: `${key} ${pair[3]}` };
  }
  const key = reason.seed === null ? reason.code : `${reason.code} ${reason.seed}`;
  return { key, label: key };
}

const hashText = (sha: string | null) => (sha ? `sha256:${sha}` : 'none');
const listed = (labels: string[]) => (labels.length > 0 ? ` (${labels.join(', ')})` : '');

// The reason keys of `a` that `b` lacks, counting repeats.
function lacking(a: string[], b: string[]): string[] {
  const left = [...b];
  return a.filter((key) => {
    const i = left.indexOf(key);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

function compareSeed(
  seed: number,
  recorded: SeedReport | undefined,
  rerun: SeedReport | undefined,
  output: Buffer | undefined,
  kept: Buffer | null | undefined,
  differences: string[],
): VerifiedSeed {
  const before = differences.length;
  const expected = recorded?.output_sha256 ?? null;
  const actual = rerun?.output_sha256 ?? null;
  const status = (s: SeedReport | undefined) => s?.status ?? 'not run';
  if (status(recorded) !== status(rerun)) {
    differences.push(`seed ${seed} status: receipt ${status(recorded)}, re-run ${status(rerun)}`);
  }
  if (recorded?.status === 'ok' && recorded.deterministic !== false && expected === null) {
    differences.push(`seed ${seed} hash: the receipt says it ran (ok) but records no hash`);
  } else if (expected !== actual) {
    differences.push(
      `seed ${seed} hash: receipt ${hashText(expected)}, re-run ${hashText(actual)}`,
    );
  }
  let keptState: VerifiedSeed['kept'] = null;
  let difference: FirstDifference | null = null;
  if (recorded?.set) {
    if (kept === null || kept === undefined) keptState = 'missing';
    else {
      difference = output ? firstDifference(kept, output) : null;
      keptState = output && difference === null ? 'same' : 'different';
      const keptSha = createHash('sha256').update(kept).digest('hex');
      if (!output) {
        differences.push(
          `seed ${seed} kept set: receipt keeps ${recorded.set.file}, re-run has no output`,
        );
      } else if (difference) {
        differences.push(
          `seed ${seed} kept set: ${recorded.set.file} differs from the re-run at line ${difference.line}`,
        );
      }
      if (keptSha !== recorded.set.sha256) {
        differences.push(
          `seed ${seed} kept set: ${recorded.set.file} has sha256:${keptSha}, the receipt records sha256:${recorded.set.sha256}`,
        );
      }
    }
  }
  return {
    seed,
    expected,
    actual,
    status: rerun?.status ?? null,
    receipt_status: recorded?.status ?? null,
    same: differences.length === before,
    kept: keptState,
    difference,
  };
}

/**
 * Compares a receipt with the report its re-run derived, by the same check: the verdict (and
 * that the receipt's verdict follows from its own reasons), the reason codes with the seeds they
 * name, each seed's status and hash, the sets kept beside the receipt and the tree hash. A seed
 * the receipt says ran but records no hash for is a difference. A re-run that does not trace the
 * network (a local one) cannot confirm or refute `network_attempt`: those are left out, and said.
 */
export function compareReceipt(args: {
  receipt: Report;
  rerun: Report;
  outputs: ReadonlyMap<number, Buffer>;
  kept: ReadonlyMap<number, Buffer | null>;
}): ReceiptComparison {
  const { receipt, rerun } = args;
  const differences: string[] = [];
  const notes: string[] = [];
  const traced = rerun.executor.network_traced;
  const comparable = (reasons: Reason[]) =>
    traced ? reasons : reasons.filter((r) => r.code !== 'network_attempt');
  const untraced = receipt.reasons.length - comparable(receipt.reasons).length;
  if (!traced) {
    notes.push(
      `network calls not compared: the re-run (${rerun.executor.kind}) does not trace them${untraced > 0 ? `; the receipt records ${untraced} network_attempt reason(s)` : ''}`,
    );
  }
  const own = verdictOf(receipt.reasons);
  if (own !== receipt.verdict) {
    differences.push(
      `verdict: the receipt says ${receipt.verdict}, but its own reasons make it ${own}`,
    );
  }
  const expectedReasons = comparable(receipt.reasons).map(reasonKey);
  const actualReasons = comparable(rerun.reasons).map(reasonKey);
  const expectedVerdict = traced ? receipt.verdict : verdictOf(comparable(receipt.reasons));
  const verdict = {
    expected: expectedVerdict,
    actual: rerun.verdict,
    same: expectedVerdict === rerun.verdict,
  };
  if (!verdict.same) {
    differences.push(
      `verdict: receipt ${verdict.expected}${listed(expectedReasons.map((r) => r.label))}, re-run ${verdict.actual}${listed(actualReasons.map((r) => r.label))}`,
    );
  }
  const keys = (list: { key: string }[]) => list.map((r) => r.key);
  for (const key of lacking(keys(actualReasons), keys(expectedReasons))) {
    const label = actualReasons.find((r) => r.key === key)?.label ?? key;
    differences.push(`reason ${label}: receipt does not have it, re-run does`);
  }
  for (const key of lacking(keys(expectedReasons), keys(actualReasons))) {
    const label = expectedReasons.find((r) => r.key === key)?.label ?? key;
    differences.push(`reason ${label}: receipt has it, re-run does not`);
  }
  const reasonsSame = differences.every((d) => !d.startsWith('reason '));
  const entry = (r: Report) =>
    r.entrypoint ? `${r.entrypoint.file} (${r.entrypoint.kind})` : 'none';
  if (entry(receipt) !== entry(rerun)) {
    differences.push(`entrypoint: receipt ${entry(receipt)}, re-run ${entry(rerun)}`);
  }
  const tree_hash = {
    expected: receipt.submission.tree_hash,
    actual: rerun.submission.tree_hash,
    same: receipt.submission.tree_hash === rerun.submission.tree_hash,
  };
  if (!tree_hash.same) {
    differences.push(`tree hash: receipt ${tree_hash.expected}, re-run ${tree_hash.actual}`);
  }
  if (receipt.data_hash.actual !== rerun.data_hash.actual) {
    differences.push(
      `data hash: receipt ${receipt.data_hash.actual ?? 'none'}, re-run ${rerun.data_hash.actual ?? 'none'}`,
    );
  }
  const seeds = rerun.requested_seeds.map((seed) =>
    compareSeed(
      seed,
      receipt.seeds.find((s) => s.seed === seed),
      rerun.seeds.find((s) => s.seed === seed),
      args.outputs.get(seed),
      args.kept.get(seed),
      differences,
    ),
  );
  const missing = seeds.filter((s) => s.kept === 'missing').map((s) => s.seed);
  if (missing.length > 0) {
    notes.push(`kept sets not beside the receipt, not compared: seed ${missing.join(', ')}`);
  }
  return {
    verdict,
    reasons: {
      expected: expectedReasons.map((r) => r.label),
      actual: actualReasons.map((r) => r.label),
      same: reasonsSame,
    },
    tree_hash,
    seeds,
    differences,
    notes,
  };
}
