import { RpeError } from '../errors.js';
import type { Lexicon } from '../lexicon/index.js';
import { createStream } from '../random/index.js';
import { normalize, type Item } from '../rules/index.js';
import type { Family, Generator, SampledItem } from './define-generator.js';
import { capacityEstimate } from './estimate-overlap.js';
import type { FamilySummary, GeneratedRecord } from './generation-result.js';
import { sampleOnce } from './sample-once.js';
import { takeFilterMisses, watchLemmaMisses } from './watch-lemma-misses.js';

/**
 * Draws the `quota` items of one family: for each item index, attempts 0, 1, ... each with its
 * own keyed stream, until a draw is neither rejected nor a repeat of an input already in `seen`.
 * Appends to `records`; throws RpeError (exit 1) when an item finds nothing new in maxAttempts.
 */
export function fillQuota(
  generator: Generator,
  family: Family,
  quota: number,
  seed: number,
  lex: () => Lexicon,
  seen: Set<string>,
  records: GeneratedRecord[],
): FamilySummary {
  const rejections: Record<string, number> = {};
  const unknownLemmas: Record<string, number> = {};
  // Lemmas this family's lexemes({ lemma }) filters named and the snapshot does not know.
  const filterMisses = new Set<string>();
  const noteFilterMisses = () => {
    for (const lemma of takeFilterMisses()) filterMisses.add(lemma);
  };
  takeFilterMisses();
  let attempts = 0;
  let duplicates = 0;
  for (let index = 0; index < quota; index++) {
    let accepted: { sampled: SampledItem; item: Item; attempt: number } | null = null;
    for (let attempt = 0; attempt < generator.maxAttempts && !accepted; attempt++) {
      attempts++;
      const key = { seed, family: family.id, index, attempt, label: 'sample' };
      const outcome = sampleOnce(family, key, lex, createStream);
      noteFilterMisses();
      if ('rejected' in outcome) {
        rejections[outcome.rejected] = (rejections[outcome.rejected] ?? 0) + 1;
        if (outcome.lemma !== undefined)
          unknownLemmas[outcome.lemma] = (unknownLemmas[outcome.lemma] ?? 0) + 1;
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
      throw quotaError(
        family,
        index,
        quota,
        generator.maxAttempts,
        rejections,
        duplicates,
        unknownLemmas,
      );
    const { sampled, item, attempt } = accepted;
    records.push({
      item,
      family: family.id,
      phenomenon: family.phenomenon,
      index,
      attempt,
      ...(sampled.lemma === undefined ? {} : { lemma: sampled.lemma }),
      ...(sampled.query === undefined ? {} : { query: sampled.query }),
      ...(sampled.tag === undefined ? {} : { tag: sampled.tag }),
      ...(sampled.lexeme === undefined ? {} : { lexemeId: sampled.lexeme.id }),
    });
  }
  // The lexicon sample() saw, so that what a generator caches on it serves capacity() too.
  const declared = family.capacity ? family.capacity(watchLemmaMisses(lex())) : null;
  noteFilterMisses();
  const distinct = quota;
  return {
    id: family.id,
    phenomenon: family.phenomenon,
    quota,
    produced: quota,
    attempts,
    duplicates,
    rejections,
    unknownLemmas,
    ...(filterMisses.size === 0 ? {} : { unknownFilterLemmas: [...filterMisses] }),
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
  unknownLemmas: Record<string, number>,
): RpeError {
  const reasons = Object.entries(rejections)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([reason, n]) => `${n}× ${reason}`);
  if (duplicates > 0) reasons.push(`${duplicates}× duplicate input`);
  const unknown = Object.keys(unknownLemmas);
  const named =
    unknown.length === 0
      ? ''
      : `; lemmas the snapshot does not know: ${unknown.map((l) => `"${l}"`).join(', ')}`;
  return new RpeError(
    'quota_unfilled',
    `family "${family.id}" cannot fill its quota: item ${index + 1} of ${quota} found nothing new in ` +
      `${maxAttempts} attempts (${reasons.join(', ') || 'no draws'})${named}; widen the family or lower its weight`,
    { exitCode: 1 },
  );
}
