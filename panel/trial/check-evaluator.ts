import { RpeError } from '../../framework/index.js';
import { checkGolds, refuseAliasesWithEvaluator, startPythonEvaluator } from '../evaluate/index.js';
import type { SeedSet } from './seed-set.js';

/**
 * Checks a custom evaluator against every set before any model is asked: no set may carry
 * aliases (exit 2), the file must load (exit 2), and it must accept every gold (exit 1), as
 * `rpe evaluate` requires; so a trial does not spend its queries to fail at the marking.
 */
export async function checkEvaluator(path: string, sets: readonly SeedSet[]): Promise<void> {
  for (const set of sets) refuseAliasesWithEvaluator(set.items);
  const evaluator = await startPythonEvaluator({ path, sandbox: 'none' });
  try {
    for (const set of sets) {
      const { rejected } = await checkGolds(set.items, evaluator);
      if (rejected.length > 0) {
        const shown = rejected.slice(0, 5).map((r) => r.item);
        throw new RpeError(
          'evaluator_rejects_gold',
          `${path} does not accept the gold of ${rejected.length} item(s) of ${set.label} (item ${shown.join(', ')}${rejected.length > shown.length ? ', ...' : ''})`,
          { exitCode: 1 },
        );
      }
    }
  } finally {
    await evaluator.close();
  }
}
