import type { Feature, TagFeatures } from './parse-tag.js';
import { featureOfValue } from './parse-tag.js';

// The features of a tag that may hold a set of values (every one but the part of speech and the
// verb form class, which hold one).
const SET_FEATURES = [
  'number',
  'case',
  'gender',
  'person',
  'degree',
  'aspect',
  'negation',
  'accommodation',
  'reflexivity',
  'accentability',
  'postPrepositionality',
  'vocalicity',
  'punctuation',
] as const satisfies readonly Feature[];

type SetFeature = (typeof SET_FEATURES)[number];

/** The features a query's values name ("num:inst:f" names case and gender). */
export function namedFeatures(values: readonly string[]): ReadonlySet<Feature> {
  const named = new Set<Feature>();
  for (const v of values) {
    const feature = featureOfValue(v);
    if (feature !== undefined) named.add(feature);
  }
  return named;
}

/**
 * How well a numeral's matching cell fits the query, lower first: a cell whose genders are exactly the
 * asked ones (dwiema, the feminine form, for "dwa num:inst:f"), then the fewest cases (pięcioma,
 * the instrumental's own form, before pięciu, which is also the genitive, dative and locative).
 * The normative dictionaries give these forms first: WSO PWN and Markowski's NSPP, "pięcioma
 * a. pięciu", "stoma a. stu", "dwiema (kobietami)".
 */
export function cellFit(cell: TagFeatures, queryValues: readonly string[]): number {
  // Numerals only: an adjective's narrower cell holds archaic forms (któren beside który).
  if (cell.pos !== 'num') return 0;
  const asked = cell.gender.filter((g) => queryValues.includes(g));
  const ownGender = asked.length > 0 && asked.length === cell.gender.length ? 0 : 1;
  return ownGender * 16 + cell.case.length;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

/**
 * Whether another matching cell of the lexeme is the same slot as the gold's: it has every value
 * the gold's cell has in the features the query names (pięciu, gen.dat.inst.loc, beside
 * pięcioma, inst; dwoma, m1.m2.m3.n2.f, beside dwiema, f) and the same values in every other
 * feature. Its standard form is then an equally standard answer.
 */
export function sameSlot(
  cell: TagFeatures,
  gold: TagFeatures,
  named: ReadonlySet<Feature>,
): boolean {
  if (cell.pos !== gold.pos || cell.flex !== gold.flex) return false;
  return SET_FEATURES.every((f: SetFeature) =>
    named.has(f)
      ? gold[f].every((v) => (cell[f] as readonly string[]).includes(v))
      : sameSet(cell[f], gold[f]),
  );
}
