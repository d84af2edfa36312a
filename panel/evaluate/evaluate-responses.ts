import { RpeError, accepts, type Item } from '../../framework/index.js';
import type { AcceptOutcome } from './python-evaluator.js';
import type { ModelResponses } from './read-responses-dir.js';

/** The DESIGN.md matrix: one row per item, one 0/1 per model, in `models` order. */
export interface CorrectnessMatrix {
  models: string[];
  correct: (0 | 1)[][];
}

/** A custom evaluator as the marking sees it (a started Python worker, or a test double). */
export interface CustomEvaluator {
  accept(prediction: string, gold: string): Promise<AcceptOutcome>;
}

export interface EvaluatorProblem {
  model: string;
  item: number;
  status: 'timeout' | 'error';
  message: string;
}

export interface EvaluateResult {
  /** Null when the custom evaluator rejected a gold: nothing is marked then. */
  matrix: CorrectnessMatrix | null;
  models: {
    model: string;
    file: string | null;
    correct: number;
    missing: number;
    skipped_lines: number;
  }[];
  /** Items without an answer (marked incorrect). `item` is 1-based. */
  missing: { model: string; item: number }[];
  /** accept() calls that timed out or raised (marked incorrect). */
  evaluator_problems: EvaluatorProblem[];
  /** The custom evaluator's check that it accepts every gold; null with the aliases evaluator. */
  gold_check: {
    ok: boolean;
    rejected: { item: number; status: string; message?: string }[];
  } | null;
}

// Marks every model's answers: with accepts() (gold or an alias after normalisation), or with a
// custom evaluator, which must not come with aliases and must first accept every gold.
export async function evaluateResponses(options: {
  items: readonly Item[];
  responses: readonly ModelResponses[];
  evaluator?: CustomEvaluator;
  onProgress?: (done: number, total: number) => void;
}): Promise<EvaluateResult> {
  const { items, responses, evaluator } = options;
  const result: EvaluateResult = {
    matrix: null,
    models: responses.map((r) => ({
      model: r.model,
      file: r.file,
      correct: 0,
      missing: 0,
      skipped_lines: r.skippedLines.length,
    })),
    missing: [],
    evaluator_problems: [],
    gold_check: null,
  };
  if (evaluator) {
    refuseAliasesWithEvaluator(items);
    const rejected: NonNullable<EvaluateResult['gold_check']>['rejected'] = [];
    for (const [index, item] of items.entries()) {
      const outcome = await evaluator.accept(item.gold, item.gold);
      if (outcome.status !== 'accepted') {
        rejected.push({
          item: index + 1,
          status: outcome.status,
          ...('message' in outcome ? { message: outcome.message } : {}),
        });
      }
    }
    result.gold_check = { ok: rejected.length === 0, rejected };
    if (rejected.length > 0) return result;
  }

  // A deterministic evaluator gives the same verdict for the same pair: ask it once.
  const verdicts = new Map<string, AcceptOutcome>();
  const total = items.length * responses.length;
  let done = 0;
  const correct: (0 | 1)[][] = items.map(() => []);
  for (const [column, model] of responses.entries()) {
    const summary = result.models[column];
    for (const [index, item] of items.entries()) {
      const prediction = model.predictions[index] ?? null;
      let ok = false;
      if (prediction === null) {
        result.missing.push({ model: model.model, item: index + 1 });
        if (summary) summary.missing += 1;
      } else if (!evaluator) {
        ok = accepts(prediction, item);
      } else {
        const key = JSON.stringify([prediction, item.gold]);
        const outcome = verdicts.get(key) ?? (await evaluator.accept(prediction, item.gold));
        verdicts.set(key, outcome);
        ok = outcome.status === 'accepted';
        if (outcome.status === 'timeout' || outcome.status === 'error') {
          result.evaluator_problems.push({
            model: model.model,
            item: index + 1,
            status: outcome.status,
            message: outcome.message,
          });
        }
      }
      correct[index]?.push(ok ? 1 : 0);
      if (ok && summary) summary.correct += 1;
      options.onProgress?.(++done, total);
    }
  }
  result.matrix = { models: responses.map((r) => r.model), correct };
  return result;
}

// The task: "Do not submit both a custom evaluator and non-empty inline aliases." Throws (exit 2).
export function refuseAliasesWithEvaluator(items: readonly Item[]): void {
  const withAliases = items.findIndex((item) => (item.aliases ?? []).length > 0);
  if (withAliases >= 0) {
    throw new RpeError(
      'evaluator_with_aliases',
      `item ${withAliases + 1} has aliases: the task forbids a custom evaluator together with non-empty aliases (drop --evaluator, or move the equivalences into evaluator.py)`,
    );
  }
}
