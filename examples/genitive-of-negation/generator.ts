// Demonstration generator (illustrates the API; not a submission): the genitive of negation. In
// Polish a direct object in the accusative goes into the genitive when the verb is negated
// ("czytam książkę" → "nie czytam książki"); objects in other cases keep them ("nie pomagam
// siostrze", "nie szukam klucza", "nie kieruję firmą", "nie opiekuję się siostrą").
import {
  defineGenerator,
  family,
  type Lexicon,
  type SampleContext,
} from '../../framework/index.js';

type Case = 'acc' | 'gen' | 'dat' | 'inst';

/**
 * A verb, the case it governs, the objects that go with it, and the frames it reads naturally in
 * with either polarity ({v} the verb, "nie" added for the negated items): a state is said plainly
 * or with "naprawdę"/"już" ("Już nie pamiętam hasła"), an action as happening now or today
 * ("Dzisiaj nie kupuję chleba"), never as an odd habit with a single object ("Od dawna kupuję
 * samochód").
 */
interface Government {
  verb: string;
  governs: Case;
  objects: readonly string[];
  frames: readonly string[];
  /** "się" after the verb (opiekować się). */
  reflexive?: boolean;
}

const STATE = ['{v} ___.', 'Naprawdę {v} ___.', 'Już {v} ___.'];
const ACTION = ['Teraz {v} ___.', 'Dzisiaj {v} ___.', 'Tym razem {v} ___.'];

const ACCUSATIVE: readonly Government[] = [
  {
    verb: 'czytać',
    governs: 'acc',
    objects: ['książka', 'gazeta', 'list', 'powieść', 'wiadomość'],
    frames: ACTION,
  },
  {
    verb: 'widzieć',
    governs: 'acc',
    objects: ['dom', 'samochód', 'rzeka', 'góra', 'szkoła', 'drzewo', 'lampa'],
    frames: STATE,
  },
  {
    verb: 'kupować',
    governs: 'acc',
    objects: ['chleb', 'mleko', 'gazeta', 'rower', 'samochód', 'butelka'],
    frames: ACTION,
  },
  {
    verb: 'lubić',
    governs: 'acc',
    objects: ['herbata', 'kawa', 'zupa', 'muzyka', 'zima'],
    frames: STATE,
  },
  {
    verb: 'znać',
    governs: 'acc',
    objects: ['odpowiedź', 'prawda', 'adres', 'hasło', 'droga'],
    frames: STATE,
  },
  {
    verb: 'mieć',
    governs: 'acc',
    objects: ['samochód', 'rower', 'komputer', 'telefon', 'klucz', 'parasol'],
    frames: STATE,
  },
  {
    verb: 'rozumieć',
    governs: 'acc',
    objects: ['pytanie', 'zadanie', 'odpowiedź', 'tekst', 'instrukcja'],
    frames: STATE,
  },
  {
    verb: 'pamiętać',
    governs: 'acc',
    objects: ['adres', 'hasło', 'numer', 'piosenka', 'nazwa'],
    frames: STATE,
  },
  {
    verb: 'otwierać',
    governs: 'acc',
    objects: ['okno', 'szafa', 'butelka', 'pudełko', 'brama'],
    frames: ACTION,
  },
  {
    verb: 'oglądać',
    governs: 'acc',
    objects: ['film', 'mecz', 'obraz', 'zdjęcie', 'wystawa'],
    frames: ACTION,
  },
  {
    verb: 'naprawiać',
    governs: 'acc',
    objects: ['rower', 'samochód', 'komputer', 'telefon', 'zegar', 'lampa'],
    frames: ACTION,
  },
];
const OTHER: readonly Government[] = [
  {
    verb: 'szukać',
    governs: 'gen',
    objects: ['klucz', 'książka', 'telefon', 'praca', 'adres'],
    frames: ACTION,
  },
  {
    verb: 'potrzebować',
    governs: 'gen',
    objects: ['pomoc', 'rada', 'samochód', 'komputer', 'odpoczynek'],
    frames: STATE,
  },
  {
    verb: 'używać',
    governs: 'gen',
    objects: ['komputer', 'telefon', 'łyżka', 'słownik', 'mydło'],
    frames: ACTION,
  },
  {
    verb: 'słuchać',
    governs: 'gen',
    objects: ['muzyka', 'radio', 'audycja', 'piosenka'],
    frames: ACTION,
  },
  {
    verb: 'pomagać',
    governs: 'dat',
    objects: ['siostra', 'koleżanka', 'sąsiadka', 'babcia', 'brat', 'kolega'],
    frames: ACTION,
  },
  {
    verb: 'ufać',
    governs: 'dat',
    objects: ['siostra', 'lekarz', 'przyjaciółka', 'sąsiad'],
    frames: STATE,
  },
  {
    verb: 'kierować',
    governs: 'inst',
    objects: ['firma', 'zespół', 'szkoła', 'fabryka'],
    frames: ['Teraz {v} ___.', 'Już {v} ___.'],
  },
  {
    verb: 'opiekować',
    governs: 'inst',
    objects: ['siostra', 'babcia', 'brat', 'pies', 'ogród'],
    frames: ACTION,
    reflexive: true,
  },
];
/** First person singular and plural: the frames need no subject. */
const PERSONS = ['sg:pri', 'pl:pri'];

interface Usable extends Government {
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
      .filter((g) => has(g.verb, 'verb'))
      .map((g) => ({ ...g, objects: g.objects.filter((o) => has(o, 'subst')) }))
      .filter((u) => u.objects.length > 0);
    byList.set(list, found);
  }
  return found;
}

function draw(ctx: SampleContext, list: readonly Government[], negated: boolean) {
  const { verb, governs, objects, frames, reflexive } = ctx.rng.pick(usable(ctx.lex, list));
  const noun = ctx.rng.pick(objects);
  const person = ctx.rng.pick(PERSONS);
  const form = `${ctx.lex.form(verb, `fin:${person}`)}${reflexive ? ' się' : ''}`;
  const frame = ctx.rng.pick(frames);
  let text = frame.replace('{v}', negated ? `nie ${form}` : form);
  text = text.charAt(0).toUpperCase() + text.slice(1);
  // The number is stated: "Nie szukamy ___" takes klucza as well as kluczy.
  return {
    input: `Wstaw rzeczownik „${noun}” w liczbie pojedynczej i w odpowiednim przypadku: „${text}” Odpowiedz jednym wyrazem.`,
    ...ctx.answer(noun, `subst:sg:${governs === 'acc' && negated ? 'gen' : governs}`),
  };
}

const capacity = (lex: Lexicon, list: readonly Government[]) =>
  usable(lex, list).reduce((n, u) => n + u.objects.length * u.frames.length, 0) *
  2 *
  PERSONS.length;

const accusative = family({
  id: 'negated-accusative',
  phenomenon: 'Genitive of negation: the accusative object of a negated verb takes the genitive.',
  contrast:
    'Removing "nie" turns the gold back into the accusative (nie czytam książki → czytam książkę); the items draw both polarities.',
  weight: 3,
  capacity: (lex) => capacity(lex, ACCUSATIVE),
  sample: (ctx) => draw(ctx, ACCUSATIVE, ctx.rng.chance(2, 3)),
});

const other = family({
  id: 'non-accusative-control',
  phenomenon: 'Objects in the genitive, dative or instrumental keep their case under negation.',
  contrast:
    'Control: adding or removing "nie" leaves the gold unchanged (pomagam siostrze / nie pomagam siostrze).',
  weight: 2,
  capacity: (lex) => capacity(lex, OTHER),
  sample: (ctx) => draw(ctx, OTHER, ctx.rng.chance(2, 3)),
});

export default defineGenerator({
  name: 'genitive-of-negation',
  count: 150,
  families: [accusative, other],
});
