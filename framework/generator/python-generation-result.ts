import { RpeError } from '../errors.js';
import type { Item } from '../rules/index.js';
import { checkGeneratedItems } from './check-generated-items.js';
import type { FamilySummary, GeneratedRecord, GenerationResult } from './generation-result.js';
import type { PythonReport } from './python-report.js';

/**
 * A Python generator's run as the TypeScript runtime describes its own: the report's families
 * (capacity and overlap as the Python runtime estimated them, with the same arithmetic), and the
 * items checked once more with the official rules, which also gives the same warnings.
 */
export function pythonGenerationResult(report: PythonReport, jsonl: string): GenerationResult {
  const lines = jsonl.split('\n').filter((line) => line !== '');
  if (lines.length !== report.items.length) {
    throw new RpeError(
      'python_report_invalid',
      `the report lists ${report.items.length} items but the generator wrote ${lines.length}`,
    );
  }
  const phenomena = new Map(report.families.map((f) => [f.id, f.phenomenon]));
  const records: GeneratedRecord[] = lines.map((line, i) => {
    const where = report.items[i] ?? { family: '', index: i, attempt: 0 };
    return {
      item: JSON.parse(line) as Item,
      family: where.family,
      phenomenon: phenomena.get(where.family) ?? '',
      index: where.index,
      attempt: where.attempt,
    };
  });
  const families: FamilySummary[] = report.families.map((f) => ({
    id: f.id,
    phenomenon: f.phenomenon,
    quota: f.quota,
    produced: f.produced,
    attempts: f.attempts,
    duplicates: f.duplicates,
    rejections: f.rejections,
    ...(f.unknown_lemmas === undefined ? {} : { unknownLemmas: f.unknown_lemmas }),
    ...(f.unknown_filter_lemmas?.length ? { unknownFilterLemmas: f.unknown_filter_lemmas } : {}),
    capacity: f.capacity,
    source: f.capacity_source,
    expectedOverlap: f.expected_overlap,
  }));
  return {
    generator: report.generator,
    seed: report.seed,
    records,
    items: records.map((r) => r.item),
    jsonl,
    families,
    expectedOverlap: report.expected_overlap,
    warnings: checkGeneratedItems(families, jsonl, records),
  };
}
