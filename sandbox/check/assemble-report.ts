import { readFileSync } from 'node:fs';
import { packagePath } from '../../framework/index.js';
import type { PreparedTree } from '../submission/prepare-submission-tree.js';
import type { judgeOverlap, judgeTreeWrites } from './check-tree.js';
import type { TreeInspection } from './inspect-tree.js';
import { verdictOf } from './reasons.js';
import type { Reason, Report, Warning } from './report-schema.js';
import type { CheckSettings, SeedsOutcome } from './run-and-assess-seeds.js';

// The version of this toolkit, as reports record it.
export function toolkitVersion(): string {
  return (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string })
    .version;
}

// Stage 5: the report of the stages, its verdict from the reasons in their fixed order: the
// entrypoint, the seeds, the overlap, writes into the tree, the requirements, the install step.
export function assembleReport(parts: {
  settings: CheckSettings;
  tree: PreparedTree;
  submission: { path: string; source: Report['submission']['source'] };
  inspection: TreeInspection;
  ran: SeedsOutcome;
  overlap: ReturnType<typeof judgeOverlap>;
  writes: ReturnType<typeof judgeTreeWrites>;
  warnings: Warning[];
  notes: string[];
}): Report {
  const { settings, tree, inspection, ran, overlap, writes } = parts;
  const reasons: Reason[] = [
    ...inspection.reasons,
    ...ran.reasons,
    ...overlap.reasons,
    ...writes.reasons,
    ...inspection.requirements,
    // After the requirements: it is what an unmet one (a wheel not vendored) leads to.
    ...(ran.installFailed ? [ran.installFailed] : []),
  ];
  const { limits } = settings;
  const dataHash = inspection.dataHash;
  return {
    schema: 'rpe-report/2',
    toolkit_version: toolkitVersion(),
    created_at: new Date().toISOString(),
    verdict: verdictOf(reasons),
    reasons,
    warnings: [...inspection.warnings, ...ran.warnings, ...parts.warnings],
    requested_seeds: [...settings.seeds],
    seeds: ran.seeds,
    overlap: overlap.pairs,
    overlap_max: overlap.threshold,
    data_hash: {
      declared: dataHash.declared,
      actual: dataHash.actual,
      ok: dataHash.ok,
      recipe: dataHash.recipe,
      source: dataHash.source,
      files: dataHash.files,
    },
    image: ran.image,
    executor: ran.executor,
    engine: ran.engine,
    requeued: [],
    generator_toolkit: ran.generatorToolkit,
    entrypoint: inspection.entrypoint,
    runner: ran.runner,
    install: ran.installed,
    limits: {
      timeout_seconds: limits.timeoutSeconds,
      memory_bytes: limits.memoryBytes,
      cpus: limits.cpus,
      pids: limits.pids,
      output_bytes: limits.outputBytes,
      log_bytes: limits.logBytes,
    },
    submission: {
      path: parts.submission.path,
      selection: tree.selection,
      commit: tree.commit,
      ref: tree.ref,
      uncommitted: tree.uncommitted,
      left_out: tree.leftOut,
      tree_hash: inspection.treeHash,
      unchanged: writes.changed.length === 0,
      source: parts.submission.source,
    },
    notes: [...inspection.notes, ...ran.notes, ...parts.notes],
    wall_ms: 0,
    receipt_sha256: null,
  };
}
