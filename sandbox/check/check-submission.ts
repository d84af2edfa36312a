import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { overlap, packagePath, RpeError } from '../../framework/index.js';
import { ENV_VARIATIONS } from '../run/env-variations.js';
import type { Entrypoint, EnvVariation, Executor, Limits } from '../run/executor.js';
import { checkDataHash } from '../submission/check-data-hash.js';
import { detectEntrypoint, missingEntrypointMessage } from '../submission/detect-entrypoint.js';
import { hashTree } from '../submission/hash-tree.js';
import { assessSeed } from './assess-seed.js';
import type { Reason, Report, SeedReport } from './report-schema.js';
import { runSeeds, type CheckProgress } from './run-seeds.js';

/**
 * An executor as a check receives it: the Docker one also names its image; either may add notes
 * and name the toolkit the generator itself runs with.
 */
export type CheckExecutor = Executor & {
  image?: { name: string; id: string };
  notes?: string[];
  generatorToolkit?: Report['generator_toolkit'];
};

export interface CheckSubmissionOptions {
  dir: string;
  seeds: readonly number[];
  limits: Limits;
  /** Creates the executor once the entrypoint is known; it is disposed when the check ends. */
  createExecutor: (entrypoint: Entrypoint) => Promise<CheckExecutor>;
  /** Runs in flight at once (default: the number of cores). */
  jobs?: number;
  variations?: readonly [EnvVariation, EnvVariation];
  /** Where the tree came from, for a submission cloned from git. */
  source?: { url: string; ref: string; commit: string } | null;
  onProgress?: (event: CheckProgress) => void;
}

function toolkitVersion(): string {
  return (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * Checks a Track 2 submission the way the organisers do: each seed twice in different
 * environments (bytes must match), the format of the items, the overlap of every pair of seeds,
 * and the data hash. The executor decides where the generator runs, so the same code serves the
 * Docker sandbox and the local mode. Failures of the generator are reasons in the report; only a
 * broken environment throws.
 */
// Throws `submission_missing` unless `dir` is a folder.
export async function assertSubmissionFolder(dir: string): Promise<void> {
  const isDir = await stat(resolve(dir)).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) throw new RpeError('submission_missing', `${dir} is not a folder`);
}

export async function checkSubmission(options: CheckSubmissionOptions): Promise<Report> {
  const started = performance.now();
  const dir = resolve(options.dir);
  await assertSubmissionFolder(options.dir);
  if (new Set(options.seeds).size !== options.seeds.length || options.seeds.length === 0) {
    throw new RpeError('bad_seeds', 'the seeds must be a non-empty list without repeats');
  }
  const variations = options.variations ?? ENV_VARIATIONS;
  const jobs = Math.max(1, options.jobs ?? availableParallelism());
  const treeHash = await hashTree(dir);
  const dataHash = await checkDataHash(dir);
  const detection = await detectEntrypoint(dir);
  const reasons: Reason[] = [];
  const seeds: SeedReport[] = [];
  const notes: string[] = [];
  const inputs = new Map<number, string[]>();
  let executorInfo: Report['executor'] = { kind: 'local', isolated: false, network_traced: false };
  let generatorToolkit: Report['generator_toolkit'] = null;
  let image: Report['image'] = { name: 'none', id: null };
  const entrypoint = detection.entrypoint;
  if (detection.ignored.length > 0 && entrypoint) {
    notes.push(`${entrypoint.file} runs; ${detection.ignored.join(', ')} ignored (lower priority)`);
  }
  if (!entrypoint) {
    reasons.push({
      code: 'entrypoint_missing',
      seed: null,
      message: missingEntrypointMessage(detection),
    });
  } else {
    const executor = await options.createExecutor(entrypoint);
    try {
      executorInfo = {
        kind: executor.kind,
        isolated: executor.isolated,
        network_traced: executor.networkTraced,
      };
      generatorToolkit = executor.generatorToolkit ?? null;
      image = executor.image ?? { name: `local ${entrypoint.kind}`, id: null };
      notes.push(...(executor.notes ?? []));
      const all = await runSeeds({
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
        seeds.push(assessed.report);
        reasons.push(...assessed.reasons);
        if (assessed.inputs && assessed.inputs.length > 0) inputs.set(runs.seed, assessed.inputs);
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
    reasons.push({
      code: 'seed_overlap',
      seed: null,
      message: `seeds ${p.a} and ${p.b} overlap: Jaccard ${p.jaccard.toFixed(3)} > ${measured.threshold} (a static list)`,
    });
  }
  if (!dataHash.ok && dataHash.code) {
    reasons.push({ code: dataHash.code, seed: null, message: dataHash.message ?? dataHash.code });
  }
  const treeAfter = await hashTree(dir);
  if (treeAfter !== treeHash)
    notes.push(`the submission tree changed during the check (now ${treeAfter})`);
  const { limits } = options;
  return {
    schema: 'rpe-report/1',
    toolkit_version: toolkitVersion(),
    created_at: new Date().toISOString(),
    verdict: reasons.length === 0 ? 'eligible' : 'disqualified',
    reasons,
    requested_seeds: [...options.seeds],
    seeds,
    overlap: pairs,
    overlap_max: measured.threshold,
    data_hash: { declared: dataHash.declared, actual: dataHash.actual, ok: dataHash.ok },
    image,
    executor: executorInfo,
    generator_toolkit: generatorToolkit,
    entrypoint,
    limits: {
      timeout_seconds: limits.timeoutSeconds,
      memory_bytes: limits.memoryBytes,
      cpus: limits.cpus,
      pids: limits.pids,
      output_bytes: limits.outputBytes,
      log_bytes: limits.logBytes,
    },
    submission: {
      path: dir,
      tree_hash: treeHash,
      unchanged: treeAfter === treeHash,
      source: options.source ?? null,
    },
    notes,
    wall_ms: Math.round(performance.now() - started),
  };
}
