import { RpeError } from '../errors.js';

// Morfologik's tagset (NKJP-like): the first position is the part of speech, every other
// position holds one value or a `.`-joined set of alternatives (`adj:sg:nom.voc:f:pos`).

/** Every feature a tag value can fill, besides the part of speech. */
export const FEATURE_VALUES = {
  flex: ['fin', 'praet', 'impt', 'inf', 'pot', 'bedzie', 'winien', 'imps', 'pred', 'comp'],
  number: ['sg', 'pl'],
  case: ['nom', 'gen', 'dat', 'acc', 'inst', 'loc', 'voc'],
  gender: ['m1', 'm2', 'm3', 'f', 'n1', 'n2', 'p1', 'p2', 'p3'],
  person: ['pri', 'sec', 'ter'],
  degree: ['pos', 'com', 'sup'],
  aspect: ['imperf', 'perf'],
  negation: ['aff', 'neg'],
  accommodation: ['congr', 'rec'],
  reflexivity: ['refl', 'nonrefl'],
  accentability: ['akc', 'nakc'],
  postPrepositionality: ['praep', 'npraep'],
  vocalicity: ['wok', 'nwok'],
  punctuation: ['pun', 'npun'],
} as const;

/** The parts of speech found in the first position of a tag. */
export const PARTS_OF_SPEECH = [
  'subst',
  'depr',
  'adj',
  'adja',
  'adjc',
  'adjp',
  'adv',
  'num',
  'ppron12',
  'ppron3',
  'siebie',
  'verb',
  'ger',
  'pact',
  'ppas',
  'pant',
  'pcon',
  'pred',
  'prep',
  'conj',
  'comp',
  'qub',
  'interj',
  'burk',
  'brev',
] as const;

export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];
export type Feature = keyof typeof FEATURE_VALUES;
type ValueOf<F extends Feature> = (typeof FEATURE_VALUES)[F][number];
export type Gender = ValueOf<'gender'>;
export type GrammaticalCase = ValueOf<'case'>;
export type GrammaticalNumber = ValueOf<'number'>;

/** A parsed tag: the part of speech, the verb form class and every other feature as a value set. */
export type TagFeatures = {
  pos: PartOfSpeech;
  flex: ValueOf<'flex'> | null;
  values: readonly string[];
} & {
  readonly [F in Exclude<Feature, 'flex'>]: readonly ValueOf<F>[];
};

const featureOf = new Map<string, Feature>();
for (const [feature, values] of Object.entries(FEATURE_VALUES) as [Feature, readonly string[]][]) {
  for (const value of values) featureOf.set(value, feature);
}
const posSet = new Set<string>(PARTS_OF_SPEECH);

export function isPartOfSpeech(value: string): value is PartOfSpeech {
  return posSet.has(value);
}

// The feature a value fills outside the first position (`pred` and `comp` there are form classes).
export function featureOfValue(value: string): Feature | undefined {
  return featureOf.get(value);
}

const badTag = (tag: string, why: string) =>
  new RpeError('lexicon_bad_tag', `tag "${tag}": ${why} (not in Morfologik's tagset)`);

// Splits one reading's tag into typed features; throws on a value outside the tagset.
export function parseTag(tag: string): TagFeatures {
  const positions = tag.split(':');
  const pos = positions[0] ?? '';
  if (!isPartOfSpeech(pos)) throw badTag(tag, `unknown part of speech "${pos}"`);
  const sets = new Map<Feature, string[]>();
  const values: string[] = [pos];
  for (const position of positions.slice(1)) {
    for (const value of position.split('.')) {
      const feature = featureOf.get(value);
      if (!feature) throw badTag(tag, `unknown value "${value}"`);
      sets.set(feature, [...(sets.get(feature) ?? []), value]);
      if (!values.includes(value)) values.push(value);
    }
  }
  // Values were checked against FEATURE_VALUES above, so each set holds only its feature's values.
  const pick = <F extends Feature>(feature: F) => (sets.get(feature) ?? []) as ValueOf<F>[];
  return {
    pos,
    flex: pick('flex')[0] ?? null,
    values,
    number: pick('number'),
    case: pick('case'),
    gender: pick('gender'),
    person: pick('person'),
    degree: pick('degree'),
    aspect: pick('aspect'),
    negation: pick('negation'),
    accommodation: pick('accommodation'),
    reflexivity: pick('reflexivity'),
    accentability: pick('accentability'),
    postPrepositionality: pick('postPrepositionality'),
    vocalicity: pick('vocalicity'),
    punctuation: pick('punctuation'),
  };
}

// Splits Morfologik's packed `tag+tag` field into one tag per reading.
export function splitTags(packed: string): string[] {
  return packed.split('+').filter((t) => t.length > 0);
}
