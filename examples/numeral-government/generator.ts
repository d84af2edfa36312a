// Demonstration generator (illustrates the API; not a submission): which case a noun takes after
// a numeral. Polish: 2–4 (and 22–24, 102–104, ...) take the plural nominative/accusative form
// ("trzy książki"), 5 and up, the teens 12–14 and numbers ending in 0, 1 or 5–9 take the genitive
// plural ("pięć książek", "dwanaście książek"); masculine-personal nouns take the genitive-like
// form after both ("dwóch studentów", "pięciu studentów").
import {
  defineGenerator,
  family,
  type Lexeme,
  type Lexicon,
  type Rng,
  type SampleContext,
} from '../../framework/index.js';

type Entry = readonly [lemma: string, gender: string];

const OBJECTS: readonly Entry[] = [
  ['książka', 'f'],
  ['jabłko', 'n2'],
  ['krzesło', 'n2'],
  ['samochód', 'm3'],
  ['butelka', 'f'],
  ['list', 'm3'],
  ['kwiat', 'm3'],
  ['ołówek', 'm3'],
  ['stół', 'm3'],
  ['lampa', 'f'],
  ['gazeta', 'f'],
  ['talerz', 'm3'],
  ['kubek', 'm3'],
  ['rower', 'm3'],
  ['obraz', 'm3'],
  ['piłka', 'f'],
  ['torba', 'f'],
  ['koszula', 'f'],
  ['komputer', 'm3'],
  ['klucz', 'm3'],
  ['świeca', 'f'],
  ['płyta', 'f'],
  ['pudełko', 'n2'],
  ['biurko', 'n2'],
  ['szafa', 'f'],
  ['łyżka', 'f'],
  ['widelec', 'm3'],
  ['okno', 'n2'],
  ['auto', 'n2'],
  ['drzewo', 'n2'],
];
const ANIMALS: readonly Entry[] = [
  ['kot', 'm2'],
  ['pies', 'm2'],
  ['koń', 'm2'],
  ['ptak', 'm2'],
  ['krowa', 'f'],
];
const PERSONS: readonly Entry[] = [
  ['student', 'm1'],
  ['nauczyciel', 'm1'],
  ['lekarz', 'm1'],
  ['sąsiad', 'm1'],
  ['pracownik', 'm1'],
  ['kierowca', 'm1'],
  ['aktor', 'm1'],
  ['policjant', 'm1'],
  ['chłopiec', 'm1'],
  ['pilot', 'm1'],
];

const OBJECT_FRAMES = [
  'Widzę {n} ___.',
  'Na zdjęciu widać {n} ___.',
  'Kupiliśmy {n} ___.',
  'W magazynie policzyłem {n} ___.',
];
const ANIMAL_FRAMES = [
  'Na łące widzę {n} ___.',
  'Sfotografowaliśmy {n} ___.',
  'Policzyłem {n} ___.',
];
const PERSON_FRAMES = ['Na sali widzę {n} ___.', 'Zaprosiliśmy {n} ___.', 'Policzyłem {n} ___.'];

const pools = new WeakMap<Lexicon, Map<readonly Entry[], Lexeme[]>>();

// The lexemes of a word list that the snapshot has, with the listed gender; read once per lexicon.
function pool(lex: Lexicon, entries: readonly Entry[]): Lexeme[] {
  const cache = pools.get(lex) ?? new Map<readonly Entry[], Lexeme[]>();
  pools.set(lex, cache);
  let found = cache.get(entries);
  if (!found) {
    found = entries.flatMap(([lemma, gender]) =>
      lex.lexemes({ lemma, pos: 'subst', gender }).slice(0, 1),
    );
    cache.set(entries, found);
  }
  return found;
}

/** 2–4 after any hundreds and tens except a teen: the numbers that take the nominative plural. */
function paucal(rng: Rng): number {
  const tens = rng.pick([0, 2, 3, 4, 5, 6, 7, 8, 9]);
  return rng.int(0, 9) * 100 + tens * 10 + rng.int(2, 4);
}

/** Numbers ≥ 5 that take the genitive plural: last digit 0, 1, 5–9, or a teen. */
function genitival(rng: Rng): number {
  for (;;) {
    const n = rng.chance(1, 4)
      ? rng.int(0, 9) * 100 + rng.int(10, 19)
      : rng.int(0, 9) * 100 + rng.int(0, 9) * 10 + rng.pick([0, 1, 5, 6, 7, 8, 9]);
    if (n >= 5) return n;
  }
}

function item(
  ctx: SampleContext,
  noun: Lexeme,
  frames: readonly string[],
  n: number,
  query: string,
) {
  const sentence = ctx.rng.pick(frames).replace('{n}', String(n));
  return {
    input: `Uzupełnij lukę rzeczownikiem „${noun.lemma}” w poprawnej formie: „${sentence}” Odpowiedz jednym wyrazem.`,
    ...ctx.answer(noun, query),
  };
}

const paucalFamily = family({
  id: 'paucal-2-4',
  phenomenon:
    'Noun form after numerals ending in 2, 3 or 4 (not 12–14): nominative/accusative plural.',
  contrast:
    'Changing the numeral to one ending in 5–9, 0, 1 or to 12–14 turns the gold into the genitive plural (trzy książki → pięć książek).',
  weight: 2,
  capacity: (lex) =>
    (pool(lex, OBJECTS).length * OBJECT_FRAMES.length +
      pool(lex, ANIMALS).length * ANIMAL_FRAMES.length) *
    900,
  sample(ctx) {
    const animal = ctx.rng.chance(1, 4);
    const noun = ctx.rng.pick(pool(ctx.lex, animal ? ANIMALS : OBJECTS));
    return item(ctx, noun, animal ? ANIMAL_FRAMES : OBJECT_FRAMES, paucal(ctx.rng), 'subst:pl:acc');
  },
});

const genitiveFamily = family({
  id: 'genitive-5-plus',
  phenomenon: 'Noun form after numerals from 5 up (and the teens 12–14): genitive plural.',
  contrast:
    'Changing the numeral to one ending in 2–4 (not 12–14) turns the gold into the nominative/accusative plural (dwanaście książek → dwadzieścia dwie książki).',
  weight: 2,
  capacity: (lex) =>
    (pool(lex, OBJECTS).length * OBJECT_FRAMES.length +
      pool(lex, ANIMALS).length * ANIMAL_FRAMES.length) *
    700,
  sample(ctx) {
    const animal = ctx.rng.chance(1, 4);
    const noun = ctx.rng.pick(pool(ctx.lex, animal ? ANIMALS : OBJECTS));
    return item(
      ctx,
      noun,
      animal ? ANIMAL_FRAMES : OBJECT_FRAMES,
      genitival(ctx.rng),
      'subst:pl:gen',
    );
  },
});

const personalFamily = family({
  id: 'masculine-personal',
  phenomenon:
    'Masculine-personal nouns after numerals: the accusative plural, identical to the genitive, after 2–4 and after 5+ alike.',
  contrast:
    'Control: changing the numeral between 2–4 and 5+ leaves the gold unchanged (dwóch studentów, pięciu studentów), unlike the non-personal nouns of the other families.',
  weight: 1,
  capacity: (lex) => pool(lex, PERSONS).length * PERSON_FRAMES.length * 1600,
  sample(ctx) {
    const noun = ctx.rng.pick(pool(ctx.lex, PERSONS));
    const n = ctx.rng.chance(1, 2) ? paucal(ctx.rng) : genitival(ctx.rng);
    return item(ctx, noun, PERSON_FRAMES, n, 'subst:pl:acc');
  },
});

export default defineGenerator({
  name: 'numeral-government',
  count: 150,
  families: [paucalFamily, genitiveFamily, personalFamily],
});
