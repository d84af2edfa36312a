import { availableParallelism } from 'node:os';
import type { Item } from '../../framework/index.js';
import { ENV_VARIATIONS } from '../run/env-variations.js';
import type { EnvVariation, Limits } from '../run/executor.js';
import { listTree, type TreeEntry } from '../submission/hash-tree.js';
import { installRecord } from '../submission/install-record.js';
import type { InstallSource } from '../submission/install-source.js';
import type { PreparedTree } from '../submission/prepare-submission-tree.js';
import { assessSeed } from './assess-seed.js';
import type { MismatchDiagnosis } from './diagnose-mismatch.js';
import type { ExecutorFactory } from './check-submission.js';
import type { TreeInspection } from './inspect-tree.js';
import { makeReason } from './reasons.js';
import type { EngineRecord, Reason, Report, SeedReport, Warning } from './report-schema.js';
import { runSeeds, type CheckProgress } from './run-seeds.js';

/** How the seeds of a check are run: what `rpe check`, `rpe sandbox run` and verify set. */
export interface CheckSettings {
  seeds: readonly number[];
  limits: Limits;
  /**
   * Creates the executor once the tree to check is prepared: `submissionDir` is that tree, which
   * is what the executor must run; `tree.temporary` says it is a copy the check owns (so an
   * install step may write its node_modules there), not the folder itself (`in_place`). It is
   * disposed when the seeds have run.
   */
  createExecutor: ExecutorFactory;
  /** Runs in flight at once (default: the number of cores). */
  jobs?: number;
  /** Where the install step may fetch what the tree pins but does not hold (default: bridge). */
  install?: InstallSource;
  variations?: readonly [EnvVariation, EnvVariation];
  onProgress?: (event: CheckProgress) => void;
}

/** What the runs of every seed gave, judged seed by seed. */
export interface SeedsOutcome {
  executor: Report['executor'];
  image: Report['image'];
  engine: EngineRecord | null;
  generatorToolkit: Report['generator_toolkit'];
  /** What the install step installed, and from where. */
  installed: Report['install'];
  /** The program that runs the entrypoint. */
  runner: Report['runner'];
  /** The tree before the first run, after an install step that wrote into it. */
  before: TreeEntry[];
  installFailed: Reason | null;
  seeds: SeedReport[];
  reasons: Reason[];
  warnings: Warning[];
  notes: string[];
  /** Normalised inputs of each seed whose set could be read, for the overlap check. */
  inputs: Map<number, string[]>;
  /** The items of each seed with a valid set, with their lines. */
  items: Map<number, { line: number; item: Item }[]>;
  /** The first run's output of each seed that gave one: the set a report folder keeps. */
  outputs: Map<number, Buffer>;
}

// Stage 2: makes the executor, runs every seed in both variations and judges each seed from its
// two runs. Without an entrypoint nothing runs; after a failed install step no seed is run.
export async function runAndAssessSeeds(
  settings: CheckSettings,
  tree: PreparedTree,
  inspection: TreeInspection,
): Promise<SeedsOutcome> {
  const dir = tree.dir;
  const { entrypoint } = inspection;
  const outcome: SeedsOutcome = {
    executor: { kind: 'local', isolated: false, network_traced: false },
    image: { name: 'none', id: null },
    engine: null,
    generatorToolkit: null,
    installed: null,
    runner: null,
    before: inspection.listing,
    installFailed: null,
    seeds: [],
    reasons: [],
    warnings: [],
    notes: [],
    inputs: new Map(),
    items: new Map(),
    outputs: new Map(),
  };
  if (!entrypoint) return outcome;
  const variations = settings.variations ?? ENV_VARIATIONS;
  const jobs = Math.max(1, settings.jobs ?? availableParallelism());
  const executor = await settings.createExecutor(entrypoint, dir, {
    temporary: tree.selection !== 'in_place',
  });
  try {
    outcome.executor = {
      kind: executor.kind,
      isolated: executor.isolated,
      network_traced: executor.networkTraced,
    };
    outcome.generatorToolkit = executor.generatorToolkit ?? null;
    outcome.image = executor.image ?? { name: `local ${entrypoint.kind}`, id: null };
    outcome.engine = executor.engine ?? null;
    outcome.installed = installRecord(executor.install ?? null, settings.install);
    outcome.runner = executor.runner ?? null;
    outcome.notes.push(...(executor.notes ?? []));
    // What the install step put into the tree (node_modules) is not a write of the generator.
    if (executor.installedIntoTree) outcome.before = await listTree(dir);
    if (executor.installFailure) {
      outcome.installFailed = makeReason(
        'install_failed',
        null,
        `${executor.installFailure}; no seed was run`,
      );
    }
    const all = executor.installFailure
      ? []
      : await runSeeds({
          executor,
          submissionDir: dir,
          entrypoint,
          seeds: settings.seeds,
          limits: settings.limits,
          variations,
          jobs,
          ...(settings.onProgress ? { onProgress: settings.onProgress } : {}),
        });
    let diagnosed: { seed: number; diagnosis: MismatchDiagnosis } | undefined;
    for (const runs of all) {
      const assessed = await assessSeed({
        runs,
        executor,
        submissionDir: dir,
        entrypoint,
        limits: settings.limits,
        variations,
        jobs,
        diagnosed,
      });
      if (assessed.diagnosis) diagnosed ??= { seed: runs.seed, diagnosis: assessed.diagnosis };
      if (runs.first.status === 'ok' && runs.first.output) {
        outcome.outputs.set(runs.seed, runs.first.output);
      }
      outcome.seeds.push(assessed.report);
      outcome.reasons.push(...assessed.reasons);
      outcome.warnings.push(...assessed.warnings);
      if (assessed.inputs && assessed.inputs.length > 0) {
        outcome.inputs.set(runs.seed, assessed.inputs);
      }
      if (assessed.items.length > 0) outcome.items.set(runs.seed, assessed.items);
    }
  } finally {
    await executor.dispose();
  }
  return outcome;
}
