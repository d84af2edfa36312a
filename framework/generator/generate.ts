import { fileURLToPath } from 'node:url';
import { RpeError } from '../errors.js';
import { openLexicon, type Lexicon } from '../lexicon/index.js';
import { createStream } from '../random/index.js';
import { TASK_LIMITS, normalize, validateItems, type Item } from '../rules/index.js';
import { allocateQuotas } from './allocate-quotas.js';
import type { Family, Generator, SampledItem } from './define-generator.js';
import { capacityEstimate, expectedSetOverlap, type CapacityEstimate } from './estimate-overlap.js';
import { formatItems } from './format-items.js';
import { withPurityGuard } from './purity-guard.js';
import { sampleOnce } from './sample-once.js';

/** One generated item with where it came from. */
export interface GeneratedRecord {
  item: Item;
  family: string;
  phenomenon: string;
  index: number;
  attempt: number;
  /** The intended lemma and tag query when the gold came from ctx.answer(). */
  lemma?: string;
  query?: string;
}

export interface FamilySummary extends CapacityEstimate {
  id: string;
  phenomenon: string;
  quota: number;
  produced: number;
  /** sample() calls, including rejected and duplicate draws. */
  attempts: number;
  duplicates: number;
  /** Rejections by reason. */
  rejections: Record<string, number>;
}

export interface GenerationWarning {
  code: 'seed_overlap_risk' | 'item_warning';
  family: string | null;
  message: string;
}

export interface GenerationResult {
  generator: string;
  seed: number;
  records: GeneratedRecord[];
  items: Item[];
  /** The canonical JSONL text of `items`. */
  jsonl: string;
  families: FamilySummary[];
  /** Expected Jaccard overlap of two seeds' sets, from the families' capacities. */
  expectedOverlap: number;
  warnings: GenerationWarning[];
}

export interface GenerateOptions {
  seed: number;
  /** An open lexicon to use (it stays open); else the generator's own, opened on first use. */
  lexicon?: Lexicon;
  /** Overrides the generator's item count (tests). */
  count?: number;
}

function lexiconPath(generator: Generator): string | undefined {
  const { lexicon } = generator;
  if (lexicon === undefined) return undefined;
  return lexicon instanceof URL ? fileURLToPath(lexicon) : lexicon;
}

/**
 * Generates the items of one seed: quotas from the weights, one keyed stream per item attempt,
 * retries on rejection or duplicate input, every item checked with the official rules. Throws
 * RpeError (exit 1) when a family cannot fill its quota or yields an invalid item.
 */
export function generate(generator: Generator, options: GenerateOptions): GenerationResult {
  const { seed } = options;
  if (!Number.isSafeInteger(seed))
    throw new RpeError('seed_invalid', `seed must be an integer, got ${seed}`);
  const count = options.count ?? generator.count;
  let opened: Lexicon | undefined;
  const lex = (): Lexicon => options.lexicon ?? (opened ??= openLexicon(lexiconPath(generator)));
  const quotas = allocateQuotas(
    count,
    generator.families.map((f) => f.weight),
  );
  const seen = new Set<string>();
  const records: GeneratedRecord[] = [];
  const families: FamilySummary[] = [];
  let current = '';
  try {
    withPurityGuard(
      () => current,
      () => {
        generator.families.forEach((family, i) => {
          current = family.id;
          families.push(fillQuota(generator, family, quotas[i] ?? 0, seed, lex, seen, records));
        });
      },
    );
  } finally {
    opened?.close();
  }
  const items = records.map((r) => r.item);
  const jsonl = formatItems(items);
  const warnings = checkItems(families, jsonl, records);
  return {
    generator: generator.name,
    seed,
    records,
    items,
    jsonl,
    families,
    expectedOverlap: expectedSetOverlap(families),
    warnings,
  };
}

function fillQuota(
  generator: Generator,
  family: Family,
  quota: number,
  seed: number,
  lex: () => Lexicon,
  seen: Set<string>,
  records: GeneratedRecord[],
): FamilySummary {
  const rejections: Record<string, number> = {};
  let attempts = 0;
  let duplicates = 0;
  for (let index = 0; index < quota; index++) {
    let accepted: { sampled: SampledItem; item: Item; attempt: number } | null = null;
    for (let attempt = 0; attempt < generator.maxAttempts && !accepted; attempt++) {
      attempts++;
      const key = { seed, family: family.id, index, attempt, label: 'sample' };
      const outcome = sampleOnce(family, key, lex, createStream);
      if ('rejected' in outcome) {
        rejections[outcome.rejected] = (rejections[outcome.rejected] ?? 0) + 1;
        continue;
      }
      const norm = normalize(outcome.item.input);
      if (seen.has(norm)) {
        duplicates++;
        continue;
      }
      seen.add(norm);
      accepted = { ...outcome, attempt };
    }
    if (!accepted)
      throw quotaError(family, index, quota, generator.maxAttempts, rejections, duplicates);
    const { sampled, item, attempt } = accepted;
    records.push({
      item,
      family: family.id,
      phenomenon: family.phenomenon,
      index,
      attempt,
      ...(sampled.lemma === undefined ? {} : { lemma: sampled.lemma }),
      ...(sampled.query === undefined ? {} : { query: sampled.query }),
    });
  }
  const declared = family.capacity ? family.capacity(lex()) : null;
  const distinct = quota;
  return {
    id: family.id,
    phenomenon: family.phenomenon,
    quota,
    produced: quota,
    attempts,
    duplicates,
    rejections,
    ...capacityEstimate(quota, declared, distinct + duplicates, distinct),
  };
}

function quotaError(
  family: Family,
  index: number,
  quota: number,
  maxAttempts: number,
  rejections: Record<string, number>,
  duplicates: number,
): RpeError {
  const reasons = Object.entries(rejections)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([reason, n]) => `${n}× ${reason}`);
  if (duplicates > 0) reasons.push(`${duplicates}× duplicate input`);
  return new RpeError(
    'quota_unfilled',
    `family "${family.id}" cannot fill its quota: item ${index + 1} of ${quota} found nothing new in ` +
      `${maxAttempts} attempts (${reasons.join(', ') || 'no draws'}); widen the family or lower its weight`,
    { exitCode: 1 },
  );
}

/**
 * Checks the whole set once with the official rules: an error stops the run naming the family and
 * item that produced it; warnings (and the expected seed overlap) come back as data.
 */
function checkItems(
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
