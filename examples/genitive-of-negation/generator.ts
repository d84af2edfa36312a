// Demonstration generator (illustrates the API; not a submission): the genitive of negation. In
// Polish a direct object in the accusative goes into the genitive when the verb is negated
// ("czytam książkę" → "nie czytam książki"); objects in other cases keep them ("nie pomagam
// siostrze", "nie szukam klucza", "nie kieruję firmą").
import {
  defineGenerator,
  family,
  type Lexicon,
  type SampleContext,
} from '../../framework/index.js';

type Case = 'acc' | 'gen' | 'dat' | 'inst';
type Government = readonly [verb: string, governs: Case, objects: readonly string[]];

const ACCUSATIVE: readonly Government[] = [
  ['czytać', 'acc', ['książka', 'gazeta', 'list', 'powieść', 'wiadomość']],
  ['widzieć', 'acc', ['dom', 'samochód', 'rzeka', 'góra', 'szkoła', 'drzewo', 'lampa']],
  ['kupować', 'acc', ['chleb', 'mleko', 'gazeta', 'rower', 'samochód', 'butelka']],
  ['lubić', 'acc', ['herbata', 'kawa', 'zupa', 'muzyka', 'zima', 'pogoda']],
  ['znać', 'acc', ['odpowiedź', 'prawda', 'adres', 'hasło', 'droga']],
  ['mieć', 'acc', ['samochód', 'rower', 'komputer', 'telefon', 'klucz', 'parasol']],
  ['rozumieć', 'acc', ['pytanie', 'zadanie', 'odpowiedź', 'tekst', 'instrukcja']],
  ['pamiętać', 'acc', ['adres', 'hasło', 'numer', 'piosenka', 'nazwa']],
  ['otwierać', 'acc', ['okno', 'szafa', 'butelka', 'pudełko', 'brama']],
  ['oglądać', 'acc', ['film', 'mecz', 'obraz', 'zdjęcie', 'wystawa']],
  ['naprawiać', 'acc', ['rower', 'samochód', 'komputer', 'telefon', 'zegar', 'lampa']],
];
const OTHER: readonly Government[] = [
  ['szukać', 'gen', ['klucz', 'książka', 'telefon', 'praca', 'adres']],
  ['potrzebować', 'gen', ['pomoc', 'rada', 'samochód', 'komputer', 'odpoczynek']],
  ['używać', 'gen', ['komputer', 'telefon', 'łyżka', 'słownik', 'mydło']],
  ['słuchać', 'gen', ['muzyka', 'radio', 'audycja', 'piosenka']],
  ['pomagać', 'dat', ['siostra', 'koleżanka', 'sąsiadka', 'babcia', 'brat', 'kolega']],
  ['ufać', 'dat', ['siostra', 'lekarz', 'żona', 'przyjaciółka', 'sąsiad']],
  ['kierować', 'inst', ['firma', 'zespół', 'szkoła', 'fabryka']],
  ['rządzić', 'inst', ['kraj', 'miasto', 'państwo', 'firma']],
];
/** First person singular and plural: the frames need no subject. */
const PERSONS = ['sg:pri', 'pl:pri'];
const FRAMES = [
  '{v} ___.',
  'Teraz {v} ___.',
  'Od dawna {v} ___.',
  'Dzisiaj {v} ___.',
  'Naprawdę {v} ___.',
];

interface Usable {
  verb: string;
  governs: Case;
  objects: string[];
}
const cache = new WeakMap<Lexicon, Map<readonly Government[], Usable[]>>();

// The verbs and nouns of a list that the snapshot has, read once per lexicon.
function usable(lex: Lexicon, list: readonly Government[]): Usable[] {
  const byList = cache.get(lex) ?? new Map<readonly Government[], Usable[]>();
  cache.set(lex, byList);
  let found = byList.get(list);
  if (!found) {
    const has = (lemma: string, pos: string) => lex.lexemes({ lemma, pos, limit: 1 }).length > 0;
    found = list
      .filter(([verb]) => has(verb, 'verb'))
      .map(([verb, governs, objects]) => ({
        verb,
        governs,
        objects: objects.filter((o) => has(o, 'subst')),
      }))
      .filter((u) => u.objects.length > 0);
    byList.set(list, found);
  }
  return found;
}

function draw(ctx: SampleContext, list: readonly Government[], negated: boolean) {
  const { verb, governs, objects } = ctx.rng.pick(usable(ctx.lex, list));
  const noun = ctx.rng.pick(objects);
  const person = ctx.rng.pick(PERSONS);
  const form = ctx.lex.form(verb, `fin:${person}`);
  const frame = ctx.rng.pick(FRAMES);
  let text = frame.replace('{v}', negated ? `nie ${form}` : form);
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return {
    input: `Wstaw rzeczownik „${noun}” w odpowiedniej formie: „${text}” Odpowiedz jednym wyrazem.`,
    ...ctx.answer(noun, `subst:sg:${governs === 'acc' && negated ? 'gen' : governs}`),
  };
}

const accusative = family({
  id: 'negated-accusative',
  phenomenon: 'Genitive of negation: the accusative object of a negated verb takes the genitive.',
  contrast:
    'Removing "nie" turns the gold back into the accusative (nie czytam książki → czytam książkę); the items draw both polarities.',
  weight: 3,
  capacity: (lex) =>
    usable(lex, ACCUSATIVE).reduce((n, u) => n + u.objects.length, 0) *
    2 *
    PERSONS.length *
    FRAMES.length,
  sample: (ctx) => draw(ctx, ACCUSATIVE, ctx.rng.chance(2, 3)),
});

const other = family({
  id: 'non-accusative-control',
  phenomenon: 'Objects in the genitive, dative or instrumental keep their case under negation.',
  contrast:
    'Control: adding or removing "nie" leaves the gold unchanged (pomagam siostrze / nie pomagam siostrze).',
  weight: 2,
  capacity: (lex) =>
    usable(lex, OTHER).reduce((n, u) => n + u.objects.length, 0) *
    2 *
    PERSONS.length *
    FRAMES.length,
  sample: (ctx) => draw(ctx, OTHER, ctx.rng.chance(2, 3)),
});

export default defineGenerator({
  name: 'genitive-of-negation',
  count: 150,
  families: [accusative, other],
});
