import { RpeError } from '../errors.js';
import { TASK_LIMITS, validateItems } from '../rules/index.js';
import { expectedSetOverlap } from './estimate-overlap.js';
import type { FamilySummary, GeneratedRecord, GenerationWarning } from './generation-result.js';

/**
 * Checks the whole set once with the official rules: an error stops the run naming the family and
 * item that produced it; warnings (and the expected seed overlap) come back as data.
 */
export function checkGeneratedItems(
  families: readonly FamilySummary[],
  jsonl: string,
  records: readonly GeneratedRecord[],
): GenerationWarning[] {
  const checked = validateItems(jsonl, { minItems: 0, maxItems: Number.MAX_SAFE_INTEGER });
  const error = checked.errors[0];
  if (error) {
    const record = records[error.line - 1];
    const where = record
      ? `family "${record.family}", item ${record.index + 1}, attempt ${record.attempt + 1}`
      : `item ${error.line}`;
    throw new RpeError('invalid_item', `${where}: ${error.code}: ${error.message}`, {
      exitCode: 1,
    });
  }
  const warnings: GenerationWarning[] = [];
  for (const f of families) {
    for (const [lemma, draws] of Object.entries(f.unknownLemmas ?? {})) {
      warnings.push({
        code: 'unknown_lemma',
        family: f.id,
        message: `family "${f.id}" asks for the lemma "${lemma}", which the snapshot does not know (${draws} draw${draws === 1 ? '' : 's'} rejected); check its spelling`,
      });
    }
    for (const lemma of f.unknownFilterLemmas ?? []) {
      warnings.push({
        code: 'unknown_lemma',
        family: f.id,
        message: `family "${f.id}" filters lexemes() by the lemma "${lemma}", which the snapshot does not know (the filter found nothing); check its spelling`,
      });
    }
    if (f.expectedOverlap !== null && f.expectedOverlap > TASK_LIMITS.overlapMax) {
      warnings.push({
        code: 'seed_overlap_risk',
        family: f.id,
        message: `family "${f.id}": ${f.quota} items from about ${f.capacity} distinct inputs (${f.source}); two seeds would share about ${(100 * f.expectedOverlap).toFixed(0)}% (limit ${100 * TASK_LIMITS.overlapMax}%)`,
      });
    }
  }
  const overall = expectedSetOverlap(families);
  if (overall > TASK_LIMITS.overlapMax) {
    warnings.push({
      code: 'seed_overlap_risk',
      family: null,
      message: `two seeds' sets would overlap about ${(100 * overall).toFixed(0)}% (limit ${100 * TASK_LIMITS.overlapMax}%)`,
    });
  }
  for (const w of checked.warnings) {
    const record = records[w.line - 1];
    warnings.push({
      code: 'item_warning',
      family: record?.family ?? null,
      message: `item ${w.line}: ${w.code}: ${w.message}`,
    });
  }
  return warnings;
}
