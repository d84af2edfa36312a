import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RpeError, writeFileAtomic } from '../../framework/index.js';
import type { Entrypoint, Executor } from '../run/executor.js';
import {
  prepareSubmissionTree,
  type PreparedTree,
  type TreeSelection,
} from '../submission/prepare-submission-tree.js';
import { assertSeeds, checkTree } from './check-tree.js';
import type { EngineRecord, Report } from './report-schema.js';
import type { CheckSettings } from './run-and-assess-seeds.js';
import { sealReport } from './seal-report.js';

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

export interface CheckSubmissionOptions extends CheckSettings {
  dir: string;
  /** The commit or tag to check, in the top folder of a git repository (default HEAD). */
  ref?: string;
  /** How to choose the tree (verify repeats the receipt's); default: git where possible. */
  selection?: TreeSelection;
  /** Where to keep every seed's set as `seed-N.jsonl` (the report folder); none when absent. */
  setsDir?: string;
  /** Where a batch cloned the submission from. */
  source?: { url: string; ref: string; commit: string } | null;
  /** Called once the tree to check is chosen, before any run (to warn of uncommitted changes). */
  onTree?: (tree: PreparedTree) => void;
}

// Throws `submission_missing` unless `dir` is a folder.
export async function assertSubmissionFolder(dir: string): Promise<void> {
  const isDir = await stat(resolve(dir)).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) throw new RpeError('submission_missing', `${dir} is not a folder`);
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
  assertSeeds(options.seeds);
  const tree = await prepareSubmissionTree({
    dir: options.dir,
    ...(options.ref === undefined ? {} : { ref: options.ref }),
    ...(options.selection === undefined ? {} : { selection: options.selection }),
  });
  const written: string[] = [];
  try {
    options.onTree?.(tree);
    const { report, outputs } = await checkTree(options, tree, {
      path: resolve(options.dir),
      source: options.source ?? null,
    });
    if (options.setsDir) keepSets(options.setsDir, report, outputs, written);
    return sealReport({ ...report, wall_ms: Math.round(performance.now() - started) });
  } catch (error) {
    // A check that could not finish leaves no kept set behind as if it were complete.
    const { rm } = await import('node:fs/promises');
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  } finally {
    await tree.dispose();
  }
}

// Keeps every seed's set as `seed-N.jsonl` in the report folder, and names it in the report.
function keepSets(
  setsDir: string,
  report: Report,
  outputs: ReadonlyMap<number, Buffer>,
  written: string[],
): void {
  for (const seed of report.seeds) {
    const output = outputs.get(seed.seed);
    if (!output) continue;
    const file = `seed-${seed.seed}.jsonl`;
    const path = join(setsDir, file);
    written.push(path);
    writeFileAtomic(path, output);
    seed.set = { file, sha256: createHash('sha256').update(output).digest('hex') };
  }
}
