import { overlap, RpeError } from '../../framework/index.js';
import { diffListings, listTree, type TreeEntry } from '../submission/hash-tree.js';
import type { PreparedTree } from '../submission/prepare-submission-tree.js';
import { assembleReport } from './assemble-report.js';
import { collectGoldWarnings } from './collect-gold-warnings.js';
import { inspectTree } from './inspect-tree.js';
import { makeReason } from './reasons.js';
import type { Reason, Report } from './report-schema.js';
import { runAndAssessSeeds, type CheckSettings } from './run-and-assess-seeds.js';

// Throws `bad_seeds` unless the seeds are a non-empty list without repeats.
export function assertSeeds(seeds: readonly number[]): void {
  if (new Set(seeds).size !== seeds.length || seeds.length === 0) {
    throw new RpeError('bad_seeds', 'the seeds must be a non-empty list without repeats');
  }
}

/**
 * The verdict of a prepared tree, by the stages every check goes through: inspect the tree, run
 * and judge each seed, measure the overlap, look for writes into the tree, and assemble the
 * report. `rpe check`, `rpe sandbox run`, batches and `rpe sandbox verify` all come here, so
 * there is one implementation of the verdict. Returns the report (no set kept, not sealed) and
 * the first run's output of every seed that gave one.
 */
export async function checkTree(
  settings: CheckSettings,
  tree: PreparedTree,
  submission: { path: string; source: Report['submission']['source'] },
): Promise<{ report: Report; outputs: Map<number, Buffer> }> {
  assertSeeds(settings.seeds);
  const inspection = await inspectTree(tree, settings.install);
  const ran = await runAndAssessSeeds(settings, tree, inspection);
  const overlap = judgeOverlap(ran.inputs);
  const gold = collectGoldWarnings(ran.items);
  const writes = judgeTreeWrites(ran.before, await listTree(tree.dir), [
    ...inspection.reasons,
    ...ran.reasons,
  ]);
  const report = assembleReport({
    settings,
    tree,
    submission,
    inspection,
    ran,
    overlap,
    writes,
    warnings: gold.warnings,
    notes: gold.notes,
  });
  return { report, outputs: ran.outputs };
}

// Stage 3: the Jaccard overlap of every pair of seeds' inputs; a pair above the threshold is a
// static list.
export function judgeOverlap(inputs: ReadonlyMap<number, string[]>): {
  pairs: Report['overlap'];
  threshold: number;
  reasons: Reason[];
} {
  const measured = overlap(
    [...inputs].map(([seed, list]) => ({ name: String(seed), inputs: list })),
  );
  const pairs = measured.pairs.map((p) => ({ a: Number(p.a), b: Number(p.b), jaccard: p.jaccard }));
  const reasons = pairs
    .filter((p) => p.jaccard > measured.threshold)
    .map((p) =>
      makeReason(
        'seed_overlap',
        null,
        `seeds ${p.a} and ${p.b} overlap: Jaccard ${p.jaccard.toFixed(3)} > ${measured.threshold} (a static list)`,
      ),
    );
  return { pairs, threshold: measured.threshold, reasons };
}

// Stage 4: what the runs changed in the tree; a change no seed's reason already names is a
// `tree_write` of its own.
export function judgeTreeWrites(
  before: readonly TreeEntry[],
  after: readonly TreeEntry[],
  reasons: readonly Reason[],
): { changed: string[]; reasons: Reason[] } {
  const changed = diffListings(before, after);
  if (changed.length === 0 || reasons.some((r) => r.code === 'tree_write')) {
    return { changed, reasons: [] };
  }
  const shown = `${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', ...' : ''}`;
  return {
    changed,
    reasons: [
      makeReason(
        'tree_write',
        null,
        `the generator wrote into its own tree (${shown}), which is read-only in the sandbox, so the run fails there`,
      ),
    ],
  };
}
