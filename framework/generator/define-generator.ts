import { z } from 'zod';
import { RpeError } from '../errors.js';
import type { Answer, AnswerOptions, Lexeme, Lexicon } from '../lexicon/index.js';
import type { Rng } from '../random/index.js';
import { TASK_LIMITS } from '../rules/index.js';

export type { Answer, AnswerOptions } from '../lexicon/index.js';

/**
 * What a family's sample() returns for an accepted draw. The fields of an Answer besides gold
 * and aliases (lemma, query, tag, lexeme, excluded) are kept aside for the --meta sidecar.
 */
export interface SampledItem {
  input: string;
  gold: string;
  aliases?: readonly string[];
  /** The intended lemma and tag query, kept so checks can see that the gold round-trips. */
  lemma?: string;
  query?: string;
  /** The tag of the gold's cell. */
  tag?: string;
  /** The lexeme the gold came from. */
  lexeme?: Lexeme;
}

/** A draw the family declines (a lemma without the wanted form, an unlucky combination). */
export interface Rejection {
  readonly rejected: string;
}

/** Everything sample() may use: the keyed streams of this item attempt and the lexicon. */
export interface SampleContext {
  readonly seed: number;
  readonly family: string;
  /** Index of the item within its family (0-based). */
  readonly index: number;
  /** 0 for the first try of an item; retries after a rejection or a duplicate count up. */
  readonly attempt: number;
  /** The stream keyed (seed, family, index, attempt, 'sample'). */
  readonly rng: Rng;
  /** Another stream of this same attempt, keyed by `label`. */
  stream(label: string): Rng;
  /** The morphology snapshot, opened on first use. */
  readonly lex: Lexicon;
  /**
   * The gold for lemma (its main lexeme) or for one lexeme and a tag query: the standard form of
   * the cell, equally standard variants as aliases, and every other matching form with the reason
   * it is left out (`allow` takes some back). See the lexicon reference.
   */
  answer(lemma: string | Lexeme, query: string, options?: AnswerOptions): Answer;
  reject(reason: string): Rejection;
}

export interface FamilySpec {
  /** Stable identifier: part of every stream key and of the --meta sidecar. */
  id: string;
  /** The phenomenon the items test (for the provenance declaration and the score report). */
  phenomenon: string;
  /** The Polish contrast or controlled perturbation and how it moves the gold. */
  contrast: string;
  /** Share of the items relative to the other families (default 1). */
  weight?: number;
  /** How many distinct inputs the family can produce; warns about seed overlap when too few. */
  capacity?: (lex: Lexicon) => number;
  sample(ctx: SampleContext): SampledItem | Rejection;
}

export type Family = Readonly<
  Required<Pick<FamilySpec, 'id' | 'phenomenon' | 'contrast' | 'weight'>>
> &
  Pick<FamilySpec, 'capacity' | 'sample'>;

export interface GeneratorSpec {
  name: string;
  /** Items per seed: 50–200. */
  count: number;
  families: readonly Family[];
  /** The snapshot to open: a path or file URL (default: the toolkit's data/morphology.sqlite). */
  lexicon?: string | URL;
  /** Tries per item before the family is declared unable to fill its quota (default 100). */
  maxAttempts?: number;
}

export const GENERATOR_BRAND = Symbol.for('reverse-poleval.generator');

export type Generator = Readonly<Omit<GeneratorSpec, 'maxAttempts'>> & {
  readonly maxAttempts: number;
  readonly [GENERATOR_BRAND]: true;
};

const text = z.string().trim().min(1);
const familySchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'lowercase letters, digits, . _ - only'),
  phenomenon: text,
  contrast: text,
  weight: z.number().positive().finite().default(1),
  capacity: z.function().optional(),
  sample: z.function(),
});

const generatorSchema = z.object({
  name: text,
  count: z.number().int().min(TASK_LIMITS.minItems).max(TASK_LIMITS.maxItems),
  families: z.array(z.object({ id: z.string() }).passthrough()).min(1),
  lexicon: z.union([z.string().min(1), z.instanceof(URL)]).optional(),
  maxAttempts: z.number().int().min(1).max(100_000).default(100),
});

// A declaration error is the generator's fault, like a throw while loading it: exit 1.
function invalid(what: string, error: z.ZodError): never {
  const first = error.issues[0];
  const where = first && first.path.length > 0 ? ` (${first.path.join('.')})` : '';
  throw new RpeError('generator_invalid', `${what}${where}: ${first?.message ?? 'invalid'}`, {
    exitCode: 1,
  });
}

// Declares one family of items; checks the declaration at once.
export function family(spec: FamilySpec): Family {
  const parsed = familySchema.safeParse(spec);
  if (!parsed.success) invalid(`family ${JSON.stringify(spec.id)}`, parsed.error);
  return Object.freeze({ ...spec, weight: parsed.data.weight });
}

// Declares a generator: a name, the number of items per seed and its families.
export function defineGenerator(spec: GeneratorSpec): Generator {
  const parsed = generatorSchema.safeParse(spec);
  if (!parsed.success) invalid(`generator ${JSON.stringify(spec.name)}`, parsed.error);
  const ids = new Set<string>();
  for (const f of spec.families) {
    if (ids.has(f.id))
      throw new RpeError('generator_invalid', `family id "${f.id}" is declared twice`, {
        exitCode: 1,
      });
    ids.add(f.id);
  }
  return Object.freeze({
    ...spec,
    families: Object.freeze([...spec.families]),
    maxAttempts: parsed.data.maxAttempts,
    [GENERATOR_BRAND]: true as const,
  });
}

// Whether a value (for instance a module's default export) is a generator from defineGenerator.
export function isGenerator(value: unknown): value is Generator {
  return typeof value === 'object' && value !== null && GENERATOR_BRAND in value;
}
