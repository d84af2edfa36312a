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

/** Things people buy or store by the hundred; the others are counted by the dozen at most. */
const STOCK: readonly Entry[] = [
  ['książka', 'f'],
  ['jabłko', 'n2'],
  ['krzesło', 'n2'],
  ['butelka', 'f'],
  ['ołówek', 'm3'],
  ['lampa', 'f'],
  ['gazeta', 'f'],
  ['talerz', 'm3'],
  ['kubek', 'm3'],
  ['piłka', 'f'],
  ['torba', 'f'],
  ['koszula', 'f'],
  ['klucz', 'm3'],
  ['świeca', 'f'],
  ['płyta', 'f'],
  ['pudełko', 'n2'],
  ['łyżka', 'f'],
  ['widelec', 'm3'],
];
const OBJECTS: readonly Entry[] = [
  ...STOCK,
  ['samochód', 'm3'],
  ['list', 'm3'],
  ['kwiat', 'm3'],
  ['stół', 'm3'],
  ['rower', 'm3'],
  ['obraz', 'm3'],
  ['komputer', 'm3'],
  ['biurko', 'n2'],
  ['szafa', 'f'],
  ['okno', 'n2'],
  ['auto', 'n2'],
  ['drzewo', 'n2'],
];
const BIRDS: readonly Entry[] = [['ptak', 'm2']];
const GRAZING: readonly Entry[] = [...BIRDS, ['koń', 'm2'], ['krowa', 'f']];
const ANIMALS: readonly Entry[] = [...GRAZING, ['kot', 'm2'], ['pies', 'm2']];
/**
 * People who come to a congress by the hundred; neighbours and boys come by the dozen. No noun
 * that also names a thing: "Na sali widzę 23 ___" takes "piloty" (remote controls) as well as
 * "pilotów".
 */
const PROFESSIONS: readonly Entry[] = [
  ['student', 'm1'],
  ['nauczyciel', 'm1'],
  ['lekarz', 'm1'],
  ['pracownik', 'm1'],
  ['kierowca', 'm1'],
  ['aktor', 'm1'],
  ['policjant', 'm1'],
  ['inżynier', 'm1'],
];
const PERSONS: readonly Entry[] = [...PROFESSIONS, ['sąsiad', 'm1'], ['chłopiec', 'm1']];

/**
 * A sentence with the nouns it fits and the largest count that is plausible in it: one sees or
 * photographs a few dozen things at most, while a warehouse or a purchase may run to hundreds.
 */
interface Frame {
  text: string;
  nouns: readonly Entry[];
  max: 99 | 999;
}
const OBJECT_FRAMES: readonly Frame[] = [
  { text: 'Widzę {n} ___.', nouns: OBJECTS, max: 99 },
  { text: 'Na zdjęciu widać {n} ___.', nouns: OBJECTS, max: 99 },
  { text: 'Kupiliśmy {n} ___.', nouns: STOCK, max: 999 },
  { text: 'W magazynie policzyłem {n} ___.', nouns: STOCK, max: 999 },
];
const ANIMAL_FRAMES: readonly Frame[] = [
  { text: 'Na łące widzę {n} ___.', nouns: GRAZING, max: 99 },
  { text: 'Sfotografowaliśmy {n} ___.', nouns: ANIMALS, max: 99 },
  { text: 'Podczas przelotu policzyłem {n} ___.', nouns: BIRDS, max: 999 },
];
const PERSON_FRAMES: readonly Frame[] = [
  { text: 'Na sali widzę {n} ___.', nouns: PERSONS, max: 99 },
  { text: 'Zaprosiliśmy {n} ___.', nouns: PERSONS, max: 99 },
  { text: 'Na kongres zaprosiliśmy {n} ___.', nouns: PROFESSIONS, max: 999 },
];

const pools = new WeakMap<Lexicon, Map<readonly Entry[], Lexeme[]>>();

// The lexemes of a word list that the snapshot has, with the listed gender; read once per lexicon.
function pool(lex: Lexicon, entries: readonly Entry[]): Lexeme[] {
  const cache = pools.get(lex) ?? new Map<readonly Entry[], Lexeme[]>();
  pools.set(lex, cache);
  let found = cache.get(entries);
  if (!found) {
    found = entries.flatMap(([lemma, gender]) =>
      lex.lexemes({ lemma, pos: 'subst', gender, sense: 1 }).slice(0, 1),
    );
    cache.set(entries, found);
  }
  return found;
}

/** 2–4 after any hundreds and tens except a teen, up to `max`: the numbers that take the nominative plural. */
function paucal(rng: Rng, max: number): number {
  const tens = rng.pick([0, 2, 3, 4, 5, 6, 7, 8, 9]);
  const hundreds = max > 99 ? rng.int(0, 9) * 100 : 0;
  return hundreds + tens * 10 + rng.int(2, 4);
}

/** Numbers ≥ 5 up to `max` that take the genitive plural: last digit 0, 1, 5–9, or a teen. */
function genitival(rng: Rng, max: number): number {
  for (;;) {
    const hundreds = max > 99 ? rng.int(0, 9) * 100 : 0;
    const n = rng.chance(1, 4)
      ? hundreds + rng.int(10, 19)
      : hundreds + rng.int(0, 9) * 10 + rng.pick([0, 1, 5, 6, 7, 8, 9]);
    if (n >= 5) return n;
  }
}

// How many sentences a list of frames can give, with `numbers` counts below 100 and ten times
// as many below 1000.
const sentences = (lex: Lexicon, frames: readonly Frame[], numbers: number) =>
  frames.reduce((n, f) => n + pool(lex, f.nouns).length * numbers * (f.max > 99 ? 10 : 1), 0);

function item(
  ctx: SampleContext,
  frames: readonly Frame[],
  count: (rng: Rng, max: number) => number,
  query: string,
) {
  const frame = ctx.rng.pick(frames);
  const noun = ctx.rng.pick(pool(ctx.lex, frame.nouns));
  const sentence = frame.text.replace('{n}', String(count(ctx.rng, frame.max)));
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
  capacity: (lex) => sentences(lex, OBJECT_FRAMES, 27) + sentences(lex, ANIMAL_FRAMES, 27),
  sample(ctx) {
    const frames = ctx.rng.chance(1, 4) ? ANIMAL_FRAMES : OBJECT_FRAMES;
    return item(ctx, frames, paucal, 'subst:pl:acc');
  },
});

const genitiveFamily = family({
  id: 'genitive-5-plus',
  phenomenon: 'Noun form after numerals from 5 up (and the teens 12–14): genitive plural.',
  contrast:
    'Changing the numeral to one ending in 2–4 (not 12–14) turns the gold into the nominative/accusative plural (dwanaście książek → dwadzieścia dwie książki).',
  weight: 2,
  capacity: (lex) => sentences(lex, OBJECT_FRAMES, 67) + sentences(lex, ANIMAL_FRAMES, 67),
  sample(ctx) {
    const frames = ctx.rng.chance(1, 4) ? ANIMAL_FRAMES : OBJECT_FRAMES;
    return item(ctx, frames, genitival, 'subst:pl:gen');
  },
});

const personalFamily = family({
  id: 'masculine-personal',
  phenomenon:
    'Masculine-personal nouns after numerals: the accusative plural, identical to the genitive, after 2–4 and after 5+ alike.',
  contrast:
    'Control: changing the numeral between 2–4 and 5+ leaves the gold unchanged (dwóch studentów, pięciu studentów), unlike the non-personal nouns of the other families.',
  weight: 1,
  capacity: (lex) => sentences(lex, PERSON_FRAMES, 94),
  sample(ctx) {
    const count = ctx.rng.chance(1, 2) ? paucal : genitival;
    return item(ctx, PERSON_FRAMES, count, 'subst:pl:acc');
  },
});

export default defineGenerator({
  name: 'numeral-government',
  count: 150,
  families: [paucalFamily, genitiveFamily, personalFamily],
});
