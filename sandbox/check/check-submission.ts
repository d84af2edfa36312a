import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  checkDeclaredDataHash,
  overlap,
  packagePath,
  RpeError,
  writeFileAtomic,
  type Item,
} from '../../framework/index.js';
import { ENV_VARIATIONS } from '../run/env-variations.js';
import type { Entrypoint, EnvVariation, Executor, Limits } from '../run/executor.js';
import { checkRequirements } from '../submission/check-requirements.js';
import type { InstallSource } from '../submission/install-source.js';
import { installRecord } from '../submission/install-record.js';
import { detectEntrypoint, missingEntrypointMessage } from '../submission/detect-entrypoint.js';
import { diffListings, hashListing, listTree } from '../submission/hash-tree.js';
import {
  prepareSubmissionTree,
  type PreparedTree,
  type TreeSelection,
} from '../submission/prepare-submission-tree.js';
import { assessSeed } from './assess-seed.js';
import { collectGoldWarnings } from './collect-gold-warnings.js';
import { makeReason, verdictOf } from './reasons.js';
import type { EngineRecord, Reason, Report, SeedReport, Warning } from './report-schema.js';
import { runSeeds, type CheckProgress } from './run-seeds.js';

/** What an executor is told of the tree it runs. */
export interface TreeFacts {
  /**
   * Whether the tree is a temporary copy made for the check (the executor may install
   * dependencies into it), not the folder itself (a demonstration generator checked in place).
   */
  temporary: boolean;
}

/** Makes the executor of a check once its tree is prepared. */
export type ExecutorFactory = (
  entrypoint: Entrypoint,
  submissionDir: string,
  tree?: TreeFacts,
) => Promise<CheckExecutor>;

/**
 * An executor as a check receives it: the Docker one also names its image; either may add notes
 * and name the toolkit the generator itself runs with.
 */
export type CheckExecutor = Executor & {
  image?: { name: string; id: string };
  /** The Docker engine the runs go to. */
  engine?: EngineRecord;
  notes?: string[];
  generatorToolkit?: Report['generator_toolkit'];
};

export interface CheckSubmissionOptions {
  dir: string;
  seeds: readonly number[];
  limits: Limits;
  /**
   * Creates the executor once the tree to check is prepared: `submissionDir` is that tree, which
   * is what the executor must run; `tree.temporary` says it is a copy the check owns (so an
   * install step may write its node_modules there), not the folder itself (`in_place`). It is
   * disposed when the check ends.
   */
  createExecutor: ExecutorFactory;
  /** Runs in flight at once (default: the number of cores). */
  jobs?: number;
  variations?: readonly [EnvVariation, EnvVariation];
  /** The commit or tag to check, in the top folder of a git repository (default HEAD). */
  ref?: string;
  /** How to choose the tree (verify repeats the receipt's); default: git where possible. */
  selection?: TreeSelection;
  /** Where to keep every seed's set as `seed-N.jsonl` (the report folder); none when absent. */
  setsDir?: string;
  /** Where the install step may fetch what the tree pins but does not hold (default: bridge). */
  install?: InstallSource;
  /** Where a batch cloned the submission from. */
  source?: { url: string; ref: string; commit: string } | null;
  /** Called once the tree to check is chosen, before any run (to warn of uncommitted changes). */
  onTree?: (tree: PreparedTree) => void;
  onProgress?: (event: CheckProgress) => void;
}

// The version of this toolkit, as reports record it.
export function toolkitVersion(): string {
  return (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string })
    .version;
}

// Throws `submission_missing` unless `dir` is a folder.
export async function assertSubmissionFolder(dir: string): Promise<void> {
  const isDir = await stat(resolve(dir)).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) throw new RpeError('submission_missing', `${dir} is not a folder`);
}

// The loud warning for a working copy that differs from the commit checked.
function uncommittedWarning(tree: PreparedTree): Warning[] {
  if (tree.uncommittedTotal === 0) return [];
  const more = tree.uncommittedTotal > tree.uncommitted.length ? ', ...' : '';
  return [
    {
      code: 'uncommitted_changes',
      seed: null,
      line: null,
      message: `${tree.uncommittedTotal} path(s) differ from commit ${tree.commit?.slice(0, 12)} and were NOT checked (${tree.uncommitted.join(', ')}${more}); commit them: the organisers receive the commit`,
    },
  ];
}

// The task documents one command, `python generate.py --seed N --out items.jsonl`: a tree whose
// entrypoint is another relies on the organisers running it too, which the team should confirm.
function entrypointWarning(entrypoint: Entrypoint | null): Warning[] {
  if (!entrypoint || entrypoint.kind === 'python') return [];
  return [
    {
      code: 'entrypoint_not_python',
      seed: null,
      line: null,
      message: `the entrypoint is ${entrypoint.file}: the task documents \`python generate.py --seed N --out items.jsonl\`; confirm with the organisers that they run ${entrypoint.file}, or add a generate.py that runs it`,
    },
  ];
}

/**
 * Checks a Track 2 submission the way the organisers do, on the tree they would receive (the
 * commit, in a git repository): the submission requirements (files, licence, data hash,
 * placeholders, dependencies), then each seed twice in different environments (bytes must
 * match), the format of the items, the overlap of every pair of seeds, writes into the tree, and
 * item warnings. The executor decides where the generator runs, so the same code serves the
 * Docker sandbox and the local mode. Failures are reasons in the report; only a broken
 * environment throws.
 */
export async function checkSubmission(options: CheckSubmissionOptions): Promise<Report> {
  const started = performance.now();
  await assertSubmissionFolder(options.dir);
  if (new Set(options.seeds).size !== options.seeds.length || options.seeds.length === 0) {
    throw new RpeError('bad_seeds', 'the seeds must be a non-empty list without repeats');
  }
  const tree = await prepareSubmissionTree({
    dir: options.dir,
    ...(options.ref === undefined ? {} : { ref: options.ref }),
    ...(options.selection === undefined ? {} : { selection: options.selection }),
  });
  const written: string[] = [];
  try {
    options.onTree?.(tree);
    const report = await checkTree(options, tree, started, written);
    return report;
  } catch (error) {
    // A check that could not finish leaves no kept set behind as if it were complete.
    const { rm } = await import('node:fs/promises');
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  } finally {
    await tree.dispose();
  }
}

async function checkTree(
  options: CheckSubmissionOptions,
  tree: PreparedTree,
  started: number,
  written: string[],
): Promise<Report> {
  const dir = tree.dir;
  const variations = options.variations ?? ENV_VARIATIONS;
  const jobs = Math.max(1, options.jobs ?? availableParallelism());
  // The tree as checked out: its hash is the receipt's, whatever an install step adds later.
  const checkedOut = await listTree(dir);
  const treeHash = hashListing(checkedOut);
  let before = checkedOut;
  const dataHash = checkDeclaredDataHash(dir);
  const detection = await detectEntrypoint(dir);
  const entrypoint = detection.entrypoint;
  // Read before any run, so a generator writing into its tree cannot change them.
  const requirements = (
    await checkRequirements({
      dir,
      entrypoint,
      ...(options.install ? { source: options.install } : {}),
    })
  ).map((issue) => makeReason(issue.code, null, issue.message));
  if (dataHash.code) {
    requirements.push(makeReason(dataHash.code, null, dataHash.message ?? dataHash.code));
  }
  const reasons: Reason[] = [];
  const warnings: Warning[] = [...uncommittedWarning(tree), ...entrypointWarning(entrypoint)];
  const seeds: SeedReport[] = [];
  const notes: string[] = [...tree.notes];
  const inputs = new Map<number, string[]>();
  const itemsBySeed = new Map<number, { line: number; item: Item }[]>();
  let executorInfo: Report['executor'] = { kind: 'local', isolated: false, network_traced: false };
  let generatorToolkit: Report['generator_toolkit'] = null;
  let image: Report['image'] = { name: 'none', id: null };
  let engine: EngineRecord | null = null;
  let installFailed: Reason | null = null;
  let installed: Report['install'] = null;
  let runner: Report['runner'] = null;
  if (detection.ignored.length > 0 && entrypoint) {
    notes.push(`${entrypoint.file} runs; ${detection.ignored.join(', ')} ignored (lower priority)`);
  }
  if (!entrypoint) {
    reasons.push(makeReason('entrypoint_missing', null, missingEntrypointMessage(detection)));
  } else {
    const executor = await options.createExecutor(entrypoint, dir, {
      temporary: tree.selection !== 'in_place',
    });
    try {
      executorInfo = {
        kind: executor.kind,
        isolated: executor.isolated,
        network_traced: executor.networkTraced,
      };
      generatorToolkit = executor.generatorToolkit ?? null;
      image = executor.image ?? { name: `local ${entrypoint.kind}`, id: null };
      engine = executor.engine ?? null;
      installed = installRecord(executor.install ?? null, options.install);
      runner = executor.runner ?? null;
      notes.push(...(executor.notes ?? []));
      // What the install step put into the tree (node_modules) is not a write of the generator.
      if (executor.installedIntoTree) before = await listTree(dir);
      if (executor.installFailure) {
        installFailed = makeReason(
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
            seeds: options.seeds,
            limits: options.limits,
            variations,
            jobs,
            ...(options.onProgress ? { onProgress: options.onProgress } : {}),
          });
      for (const runs of all) {
        const assessed = await assessSeed({
          runs,
          executor,
          submissionDir: dir,
          entrypoint,
          limits: options.limits,
          variations,
          jobs,
        });
        if (options.setsDir && runs.first.status === 'ok' && runs.first.output) {
          const file = `seed-${runs.seed}.jsonl`;
          const path = join(options.setsDir, file);
          written.push(path);
          writeFileAtomic(path, runs.first.output);
          const sha256 = createHash('sha256').update(runs.first.output).digest('hex');
          assessed.report.set = { file, sha256 };
        }
        seeds.push(assessed.report);
        reasons.push(...assessed.reasons);
        warnings.push(...assessed.warnings);
        if (assessed.inputs && assessed.inputs.length > 0) inputs.set(runs.seed, assessed.inputs);
        if (assessed.items.length > 0) itemsBySeed.set(runs.seed, assessed.items);
      }
    } finally {
      await executor.dispose();
    }
  }
  const measured = overlap(
    [...inputs].map(([seed, list]) => ({ name: String(seed), inputs: list })),
  );
  const pairs = measured.pairs.map((p) => ({ a: Number(p.a), b: Number(p.b), jaccard: p.jaccard }));
  for (const p of pairs.filter((p) => p.jaccard > measured.threshold)) {
    reasons.push(
      makeReason(
        'seed_overlap',
        null,
        `seeds ${p.a} and ${p.b} overlap: Jaccard ${p.jaccard.toFixed(3)} > ${measured.threshold} (a static list)`,
      ),
    );
  }
  const gold = collectGoldWarnings(itemsBySeed);
  warnings.push(...gold.warnings);
  notes.push(...gold.notes);
  const changed = diffListings(before, await listTree(dir));
  if (changed.length > 0 && !reasons.some((r) => r.code === 'tree_write')) {
    reasons.push(
      makeReason(
        'tree_write',
        null,
        `the generator wrote into its own tree (${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', ...' : ''}), which is read-only in the sandbox, so the run fails there`,
      ),
    );
  }
  reasons.push(...requirements);
  // After the requirements: it is what an unmet one (a wheel not vendored) leads to.
  if (installFailed) reasons.push(installFailed);
  const { limits } = options;
  return {
    schema: 'rpe-report/2',
    toolkit_version: toolkitVersion(),
    created_at: new Date().toISOString(),
    verdict: verdictOf(reasons),
    reasons,
    warnings,
    requested_seeds: [...options.seeds],
    seeds,
    overlap: pairs,
    overlap_max: measured.threshold,
    data_hash: {
      declared: dataHash.declared,
      actual: dataHash.actual,
      ok: dataHash.ok,
      recipe: dataHash.recipe,
      source: dataHash.source,
      files: dataHash.files,
    },
    image,
    executor: executorInfo,
    engine,
    requeued: [],
    generator_toolkit: generatorToolkit,
    entrypoint,
    runner,
    install: installed,
    limits: {
      timeout_seconds: limits.timeoutSeconds,
      memory_bytes: limits.memoryBytes,
      cpus: limits.cpus,
      pids: limits.pids,
      output_bytes: limits.outputBytes,
      log_bytes: limits.logBytes,
    },
    submission: {
      path: resolve(options.dir),
      selection: tree.selection,
      commit: tree.commit,
      ref: tree.ref,
      uncommitted: tree.uncommitted,
      left_out: tree.leftOut,
      tree_hash: treeHash,
      unchanged: changed.length === 0,
      source: options.source ?? null,
    },
    notes,
    wall_ms: Math.round(performance.now() - started),
  };
}
