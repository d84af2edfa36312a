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

/** The custom evaluator broke while marking, so exact match marked every answer instead. */
export interface EvaluatorFallback {
  to: 'exact_match';
  /** The call that broke it, in words. */
  reason: string;
  /** Answers marked by exact match: every answer given. */
  answers: number;
}

export interface EvaluateResult {
  /**
   * `ok`: every answer marked; `no_answers`: no model answered any item; `gold_rejected`: the
   * custom evaluator does not accept every gold. Nothing is marked unless `ok`.
   */
  status: 'ok' | 'no_answers' | 'gold_rejected';
  /** Null unless `status` is `ok`. */
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
  /** accept() calls that timed out, raised or returned something else than a bool. */
  evaluator_problems: EvaluatorProblem[];
  /** The custom evaluator's check that it accepts every gold; null with the aliases evaluator. */
  gold_check: {
    ok: boolean;
    rejected: { item: number; status: string; message?: string }[];
  } | null;
  /** Set when the custom evaluator broke while marking; null otherwise. */
  fallback: EvaluatorFallback | null;
}

// Marks every model's answers: with accepts() (gold or an alias after normalisation), or with a
// custom evaluator, which must not come with aliases and must first accept every gold. The task:
// "A declined or broken checker is replaced by exact match", so the first call that times out,
// raises or returns a non-bool replaces the evaluator for the whole run, not for that call alone:
// a matrix mixing both is one that no official run would produce.
export async function evaluateResponses(options: {
  items: readonly Item[];
  responses: readonly ModelResponses[];
  evaluator?: CustomEvaluator;
  onProgress?: (done: number, total: number) => void;
}): Promise<EvaluateResult> {
  const { items, responses, evaluator } = options;
  if (evaluator) refuseAliasesWithEvaluator(items);
  const unanswered = responses.map((r) =>
    items.flatMap((_, index) => ((r.predictions[index] ?? null) === null ? [index + 1] : [])),
  );
  const result: EvaluateResult = {
    status: 'ok',
    matrix: null,
    models: responses.map((r, column) => ({
      model: r.model,
      file: r.file,
      correct: 0,
      missing: unanswered[column]?.length ?? 0,
      skipped_lines: r.skippedLines.length,
    })),
    missing: responses.flatMap((r, column) =>
      (unanswered[column] ?? []).map((item) => ({ model: r.model, item })),
    ),
    evaluator_problems: [],
    gold_check: null,
    fallback: null,
  };
  if (result.missing.length === items.length * responses.length) {
    return { ...result, status: 'no_answers' };
  }

  if (evaluator) {
    result.gold_check = await checkGolds(items, evaluator);
    if (!result.gold_check.ok) return { ...result, status: 'gold_rejected' };
  }

  const total = items.length * responses.length;
  const progress = (done: number) => options.onProgress?.(done, total);
  const exact: Judge = (prediction, item) => accepts(prediction, item);
  if (!evaluator) {
    result.matrix = await mark(items, responses, result, exact, progress);
    return result;
  }
  // A deterministic evaluator gives the same verdict for the same pair: ask it once.
  const verdicts = new Map<string, AcceptOutcome>();
  let problem: EvaluatorProblem | null = null;
  const custom: Judge = async (prediction, item, where) => {
    if (problem) return exact(prediction, item, where);
    const key = JSON.stringify([prediction, item.gold]);
    const outcome = verdicts.get(key) ?? (await evaluator.accept(prediction, item.gold));
    verdicts.set(key, outcome);
    if (outcome.status === 'timeout' || outcome.status === 'error') {
      problem = { ...where, status: outcome.status, message: outcome.message };
    }
    return outcome.status === 'accepted';
  };
  result.matrix = await mark(items, responses, result, custom, progress);
  const broken = problem as EvaluatorProblem | null;
  if (broken) {
    result.evaluator_problems.push(broken);
    result.matrix = await mark(items, responses, result, exact, () => undefined);
    result.fallback = {
      to: 'exact_match',
      reason: `${broken.model} item ${broken.item}: ${broken.status}: ${broken.message}`,
      answers: total - result.missing.length,
    };
  }
  return result;
}

type Judge = (
  prediction: string,
  item: Item,
  where: { model: string; item: number },
) => boolean | Promise<boolean>;

// One pass over every answer with `judge`, model after model; sets each model's `correct`.
async function mark(
  items: readonly Item[],
  responses: readonly ModelResponses[],
  result: EvaluateResult,
  judge: Judge,
  onProgress: (done: number) => void,
): Promise<CorrectnessMatrix> {
  const correct: (0 | 1)[][] = items.map(() => []);
  let done = 0;
  for (const [column, model] of responses.entries()) {
    const summary = result.models[column];
    if (summary) summary.correct = 0;
    for (const [index, item] of items.entries()) {
      const prediction = model.predictions[index] ?? null;
      const ok =
        prediction !== null &&
        (await judge(prediction, item, { model: model.model, item: index + 1 }));
      correct[index]?.push(ok ? 1 : 0);
      if (ok && summary) summary.correct += 1;
      onProgress(++done);
    }
  }
  return { models: responses.map((r) => r.model), correct };
}

// Asks the evaluator about every gold; a timeout stops the check (each one costs the full limit).
export async function checkGolds(
  items: readonly Item[],
  evaluator: CustomEvaluator,
): Promise<NonNullable<EvaluateResult['gold_check']>> {
  const rejected: NonNullable<EvaluateResult['gold_check']>['rejected'] = [];
  for (const [index, item] of items.entries()) {
    const outcome = await evaluator.accept(item.gold, item.gold);
    if (outcome.status === 'accepted') continue;
    rejected.push({
      item: index + 1,
      status: outcome.status,
      ...('message' in outcome ? { message: outcome.message } : {}),
    });
    if (outcome.status === 'timeout') break;
  }
  return { ok: rejected.length === 0, rejected };
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
