import { join } from 'node:path';
import { RpeError, score, writeFileAtomic, type ScoreResult } from '../../framework/index.js';
import { evaluateResponsesDir, type CorrectnessMatrix } from '../evaluate/index.js';
import { queryModels, type EvalConfig, type QueryResult } from '../query/index.js';
import type { SeedSet } from './seed-set.js';
import { familyFigures } from './family-figures.js';

/** How the panel is asked: `rpe query`'s options and `rpe evaluate`'s evaluator. */
export interface PanelOptions {
  models: string[];
  config: Pick<EvalConfig, 'chatUrl' | 'apiKey'>;
  concurrency?: number;
  timeoutMs?: number;
  retries?: number;
  /** A custom evaluator.py (run by a local python3); default: the aliases evaluator. */
  evaluatorPath?: string;
  fetch?: typeof fetch;
}

export type SetOnPanel =
  | {
      status: 'scored';
      query: QueryResult;
      matrix: CorrectnessMatrix;
      result: ScoreResult;
      evaluatorProblems: number;
    }
  /** Some requests failed or a model was refused: nothing is marked; a rerun asks only those. */
  | { status: 'incomplete'; query: QueryResult }
  | { status: 'stopped'; query: QueryResult };

/**
 * One set on the panel, as `rpe query`, `rpe evaluate` and `rpe score` do it, inside the set's
 * folder: responses/ (also the cache), matrix.json and score.json.
 */
export async function scoreSetOnPanel(
  set: SeedSet,
  outDir: string,
  panel: PanelOptions,
  hooks: {
    signal?: AbortSignal;
    onProgress?: (event: { done: number; total: number; model: string }) => void;
  } = {},
): Promise<SetOnPanel> {
  const folder = join(outDir, set.folder);
  const query = await queryModels({
    items: set.items,
    models: panel.models,
    outputDir: join(folder, 'responses'),
    config: panel.config,
    ...(panel.concurrency !== undefined ? { concurrency: panel.concurrency } : {}),
    ...(panel.timeoutMs !== undefined ? { timeoutMs: panel.timeoutMs } : {}),
    ...(panel.retries !== undefined ? { retries: panel.retries } : {}),
    ...(panel.fetch ? { fetch: panel.fetch } : {}),
    ...(hooks.signal ? { signal: hooks.signal } : {}),
    ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
  });
  if (query.stopped) return { status: 'stopped', query };
  if (!query.complete) return { status: 'incomplete', query };

  const evaluation = await evaluateResponsesDir({
    itemsPath: join(folder, 'items.jsonl'),
    responsesDir: join(folder, 'responses'),
    outputPath: join(folder, 'matrix.json'),
    models: panel.models,
    ...(panel.evaluatorPath
      ? { evaluatorPath: panel.evaluatorPath, sandbox: 'none' as const }
      : {}),
  });
  if (!evaluation.matrix) {
    // checkEvaluator() has seen it accept every gold: a change since is a broken evaluator.
    throw new RpeError(
      'evaluator_rejects_gold',
      `${panel.evaluatorPath ?? 'the evaluator'} no longer accepts every gold of ${set.label}`,
      { exitCode: 1 },
    );
  }
  const result = score(evaluation.matrix);
  const { items, pairs, ...summary } = result;
  writeFileAtomic(
    join(folder, 'score.json'),
    `${JSON.stringify(
      {
        ...summary,
        items,
        pairs,
        families: set.families ? familyFigures(result, set.families) : null,
      },
      null,
      2,
    )}\n`,
  );
  return {
    status: 'scored',
    query,
    matrix: evaluation.matrix,
    result,
    evaluatorProblems: evaluation.evaluator_problems.length,
  };
}
