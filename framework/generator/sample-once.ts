import { RpeError, isRpeError } from '../errors.js';
import type { Lexicon } from '../lexicon/index.js';
import type { Rng, StreamKey } from '../random/index.js';
import { TASK_LIMITS, normalize, type Item } from '../rules/index.js';
import type { Family, Rejection, SampleContext, SampledItem } from './define-generator.js';
import { raisedAt } from './raised-at.js';
import { lemmaOfMiss, watchLemmaMisses } from './watch-lemma-misses.js';

// The shape sample() must return; the rules themselves are checked once over the whole set.
function shapeError(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const record = value as Record<string, unknown>;
  for (const key of ['input', 'gold', 'lemma', 'query', 'tag']) {
    const field = record[key];
    if ((key === 'input' || key === 'gold' || field !== undefined) && typeof field !== 'string') {
      return `${key} must be a string`;
    }
  }
  const { aliases, lexeme } = record;
  if (
    lexeme !== undefined &&
    (typeof lexeme !== 'object' ||
      lexeme === null ||
      typeof (lexeme as { id?: unknown }).id !== 'number')
  ) {
    return 'lexeme must be a Lexeme of the lexicon';
  }
  if (
    aliases !== undefined &&
    (!Array.isArray(aliases) || aliases.some((a) => typeof a !== 'string'))
  ) {
    return 'aliases must be an array of strings';
  }
  return null;
}

/** Lexicon failures that mean "this draw has no answer", not "the generator is broken". */
const REJECTING_CODES = new Set(['unknown_lemma', 'no_such_form']);

// Aliases as the rules want them: normalised-distinct, never the gold, at most five.
export function cleanAliases(gold: string, aliases: readonly string[]): string[] {
  const seen = new Set([normalize(gold)]);
  const kept: string[] = [];
  for (const alias of aliases) {
    const key = normalize(alias);
    if (key === '' || seen.has(key) || kept.length >= TASK_LIMITS.maxAliases) continue;
    seen.add(key);
    kept.push(alias);
  }
  return kept;
}

/** A rejected draw; `lemma` when it asked the lexicon for a lemma the snapshot does not know. */
export interface SampleRejection extends Rejection {
  lemma?: string;
}

function where(key: StreamKey): string {
  return `family "${key.family}", item ${key.index + 1}, attempt ${key.attempt + 1}`;
}

/**
 * One call of a family's sample() with the streams of `key`: a checked item, or a rejection.
 * A lexicon miss (unknown lemma, no such form) is a rejection, naming an unknown lemma; any other
 * error stops the run.
 */
export function sampleOnce(
  family: Family,
  key: StreamKey,
  lex: () => Lexicon,
  stream: (key: StreamKey) => Rng,
): { sampled: SampledItem; item: Item } | SampleRejection {
  const ctx: SampleContext = {
    seed: key.seed,
    family: key.family,
    index: key.index,
    attempt: key.attempt,
    rng: stream(key),
    stream: (label) => stream({ ...key, label }),
    get lex() {
      return watchLemmaMisses(lex());
    },
    answer: (lemma, query, options) => watchLemmaMisses(lex()).answer(lemma, query, options),
    reject: (reason) => ({ rejected: reason }),
  };
  let result: unknown;
  try {
    result = family.sample(ctx);
  } catch (error) {
    if (isRpeError(error) && REJECTING_CODES.has(error.code)) {
      const lemma = lemmaOfMiss(error);
      return { rejected: `lexicon ${error.code}`, ...(lemma === undefined ? {} : { lemma }) };
    }
    if (isRpeError(error) && error.code === 'impure_generator') throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new RpeError(
      'family_failed',
      `${where(key)}: sample() threw: ${message}${raisedAt(error)}`,
      {
        exitCode: 1,
        cause: error,
      },
    );
  }
  if (result instanceof Promise) {
    throw new RpeError(
      'family_failed',
      `${where(key)}: sample() returned a Promise; it must be synchronous`,
      { exitCode: 1 },
    );
  }
  if (typeof result === 'object' && result !== null && 'rejected' in result) {
    return { rejected: String((result as Rejection).rejected) };
  }
  const problem = shapeError(result);
  if (problem) {
    throw new RpeError(
      'invalid_item',
      `${where(key)}: sample() must return {input, gold, aliases?} or ctx.reject(): ${problem}`,
      { exitCode: 1 },
    );
  }
  const sampled = result as SampledItem;
  const aliases = cleanAliases(sampled.gold, sampled.aliases ?? []);
  const item: Item =
    aliases.length > 0
      ? { input: sampled.input, gold: sampled.gold, aliases }
      : { input: sampled.input, gold: sampled.gold };
  return { sampled, item };
}
