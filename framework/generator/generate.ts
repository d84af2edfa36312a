import { fileURLToPath } from 'node:url';
import { RpeError } from '../errors.js';
import { MAX_SEED } from '../parse-seed.js';
import { openLexicon, type Lexicon } from '../lexicon/index.js';
import { allocateQuotas } from './allocate-quotas.js';
import { checkGeneratedItems } from './check-generated-items.js';
import type { Generator } from './define-generator.js';
import { expectedSetOverlap } from './estimate-overlap.js';
import { fillQuota } from './fill-quota.js';
import { formatItems } from './format-items.js';
import type { FamilySummary, GeneratedRecord, GenerationResult } from './generation-result.js';
import { withPurityGuard } from './purity-guard.js';

export type {
  FamilySummary,
  GeneratedRecord,
  GenerationResult,
  GenerationWarning,
} from './generation-result.js';

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
  if (!Number.isSafeInteger(seed) || seed < 0)
    throw new RpeError(
      'seed_invalid',
      `seed must be a whole number from 0 to ${MAX_SEED}, got ${seed}`,
    );
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
  const warnings = checkGeneratedItems(families, jsonl, records);
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
