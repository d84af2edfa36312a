// Demonstration generator (illustrates the API; not a submission): the past tense agrees with the
// grammatical gender of a named subject. Polish marks it on the verb: "Anna przyszła", "Piotr
// przyszedł", also for masculine names ending in -a ("Kuba przyszedł"); with coordinated subjects
// the plural is masculine-personal when any of them is a man ("Anna i Piotr przyszli") and
// non-masculine-personal otherwise ("Anna i Maria przyszły").
import {
  defineGenerator,
  family,
  type Lexeme,
  type Lexicon,
  type SampleContext,
} from '../../framework/index.js';

const WOMEN = [
  'Anna',
  'Maria',
  'Katarzyna',
  'Małgorzata',
  'Agnieszka',
  'Barbara',
  'Ewa',
  'Krystyna',
  'Elżbieta',
  'Zofia',
  'Joanna',
  'Magdalena',
  'Monika',
  'Aleksandra',
  'Natalia',
  'Julia',
  'Marta',
  'Karolina',
  'Beata',
  'Dorota',
  'Iwona',
  'Alicja',
  'Hanna',
  'Weronika',
  'Miriam',
  'Noemi',
];
const MEN = [
  'Piotr',
  'Krzysztof',
  'Andrzej',
  'Tomasz',
  'Paweł',
  'Jan',
  'Michał',
  'Marcin',
  'Jakub',
  'Adam',
  'Marek',
  'Łukasz',
  'Mateusz',
  'Wojciech',
  'Kamil',
  'Grzegorz',
  'Bartosz',
  'Rafał',
  'Szymon',
  'Kacper',
  'Kuba',
  'Jarema',
  'Kosma',
  'Zawisza',
];
const VERBS = [
  'przyjść',
  'wyjść',
  'wrócić',
  'zasnąć',
  'odpocząć',
  'zadzwonić',
  'zaśpiewać',
  'zatańczyć',
  'pobiec',
  'uciec',
  'przyjechać',
  'wyjechać',
  'odpowiedzieć',
  'wygrać',
  'przegrać',
  'zachorować',
  'zniknąć',
  'upaść',
  'usiąść',
  'wstać',
  'zaczekać',
  'odejść',
];
const FRAMES = [
  'Wczoraj wieczorem {s} ___.',
  'W sobotę {s} niespodziewanie ___.',
  'Po obiedzie {s} szybko ___.',
  '{S} ___ dopiero wtedy, gdy zrobiło się ciemno.',
  'Zaraz po lekcjach {s} ___.',
];

interface Pools {
  names: Lexeme[];
  verbs: string[];
}
const cache = new WeakMap<Lexicon, Pools>();

// Names with the gender the snapshot gives them (m1 or f), and the verbs it has; read once.
function pools(lex: Lexicon): Pools {
  let found = cache.get(lex);
  if (!found) {
    const names = [
      ...WOMEN.flatMap((lemma) => lex.lexemes({ lemma, pos: 'subst', gender: 'f' }).slice(0, 1)),
      ...MEN.flatMap((lemma) => lex.lexemes({ lemma, pos: 'subst', gender: 'm1' }).slice(0, 1)),
    ];
    const verbs = VERBS.filter((lemma) => lex.lexemes({ lemma, pos: 'verb' }).length > 0);
    found = { names, verbs };
    cache.set(lex, found);
  }
  return found;
}

function sentence(ctx: SampleContext, subject: string): string {
  const frame = ctx.rng.pick(FRAMES);
  return frame.replace('{s}', subject).replace('{S}', subject);
}

function input(verb: string, text: string): string {
  return `Uzupełnij zdanie czasownikiem „${verb}” w czasie przeszłym: „${text}” Odpowiedz jednym wyrazem.`;
}

const single = family({
  id: 'named-subject',
  phenomenon:
    'Past-tense agreement of a verb with the gender of a named subject (third person singular).',
  contrast:
    'Replacing the name by one of the other gender changes the verb ending (Anna przyszła → Piotr przyszedł); masculine names ending in -a (Kuba, Kosma) keep the masculine form.',
  weight: 2,
  capacity: (lex) => pools(lex).names.length * pools(lex).verbs.length * FRAMES.length,
  sample(ctx) {
    const { names, verbs } = pools(ctx.lex);
    const name = ctx.rng.pick(names);
    const verb = ctx.rng.pick(verbs);
    return {
      input: input(verb, sentence(ctx, name.lemma)),
      ...ctx.answer(verb, `praet:sg:${name.gender === 'f' ? 'f' : 'm1'}:ter`),
    };
  },
});

const coordinated = family({
  id: 'coordinated-subjects',
  phenomenon:
    'Past-tense agreement with two coordinated named subjects: masculine-personal versus non-masculine-personal plural.',
  contrast:
    'Replacing one woman’s name by a man’s name turns the non-masculine-personal plural into the masculine-personal one (Anna i Maria przyszły → Anna i Piotr przyszli).',
  weight: 1,
  capacity: (lex) => pools(lex).names.length ** 2 * pools(lex).verbs.length * FRAMES.length,
  sample(ctx) {
    const { names, verbs } = pools(ctx.lex);
    const [a, b] = ctx.rng.sample(names, 2) as [Lexeme, Lexeme];
    const verb = ctx.rng.pick(verbs);
    const virile = a.gender === 'm1' || b.gender === 'm1';
    return {
      input: input(verb, sentence(ctx, `${a.lemma} i ${b.lemma}`)),
      ...ctx.answer(verb, `praet:pl:${virile ? 'm1' : 'f'}:ter`),
    };
  },
});

export default defineGenerator({
  name: 'past-tense-gender',
  count: 150,
  families: [single, coordinated],
});
