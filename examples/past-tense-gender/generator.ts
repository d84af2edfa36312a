// Demonstration generator (illustrates the API; not a submission): the past tense agrees with the
// grammatical gender of a named subject. Polish marks it on the verb: "Anna przyszła", "Piotr
// przyszedł", also for masculine names ending in -a ("Kosma przyszedł"); with coordinated subjects
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
  'Jarema',
  'Kosma',
  'Zawisza',
];
/**
 * Sentence frames, each with the verbs that read naturally in it ({s} subject, {S} the subject
 * opening the sentence): "szybko zasnął", not "szybko zaczekał"; "niespodziewanie upadła", not
 * "dopiero wtedy upadła"; no verb that wants a goal said ("pobiegł" alone leaves "dokąd?" open).
 */
const FRAMES: readonly (readonly [frame: string, verbs: readonly string[]])[] = [
  [
    'Wczoraj wieczorem {s} ___.',
    [
      'przyjść',
      'wyjść',
      'wrócić',
      'zasnąć',
      'odpocząć',
      'zadzwonić',
      'zaśpiewać',
      'zatańczyć',
      'przyjechać',
      'wyjechać',
      'wygrać',
      'przegrać',
      'zachorować',
      'zniknąć',
      'uciec',
      'odejść',
    ],
  ],
  [
    'W sobotę {s} niespodziewanie ___.',
    [
      'przyjść',
      'wrócić',
      'zadzwonić',
      'przyjechać',
      'wyjechać',
      'wygrać',
      'przegrać',
      'zachorować',
      'zniknąć',
      'upaść',
      'odejść',
      'zaśpiewać',
    ],
  ],
  [
    'Po obiedzie {s} szybko ___.',
    [
      'zasnąć',
      'wyjść',
      'wstać',
      'uciec',
      'wyjechać',
      'odejść',
      'zadzwonić',
      'odpowiedzieć',
      'wrócić',
    ],
  ],
  [
    '{S} ___ dopiero wtedy, gdy zrobiło się ciemno.',
    [
      'przyjść',
      'wyjść',
      'wrócić',
      'zasnąć',
      'zadzwonić',
      'przyjechać',
      'wyjechać',
      'uciec',
      'odejść',
      'odpowiedzieć',
    ],
  ],
  [
    'Zaraz po lekcjach {s} ___.',
    ['wyjść', 'wrócić', 'zadzwonić', 'wyjechać', 'odejść', 'zachorować', 'zasnąć', 'uciec'],
  ],
];

interface Pools {
  names: Lexeme[];
  /** Per frame, the verbs the snapshot has. */
  frames: (readonly [frame: string, verbs: string[]])[];
}
const cache = new WeakMap<Lexicon, Pools>();

// A name whose nominative reads only as that name: "Kuba" is also Cuba (f), so a sentence with
// it does not fix the gender of the verb.
function unambiguous(lex: Lexicon, name: Lexeme): boolean {
  return lex
    .analyse(name.lemma)
    .filter((r) => r.features.case.includes('nom') && r.features.number.includes('sg'))
    .every((r) => r.lexeme.id === name.id);
}

// Names with the gender the snapshot gives them (m1 or f), and the verbs it has; read once.
function pools(lex: Lexicon): Pools {
  let found = cache.get(lex);
  if (!found) {
    const names = [
      ...WOMEN.flatMap((lemma) => lex.lexemes({ lemma, pos: 'subst', gender: 'f' }).slice(0, 1)),
      ...MEN.flatMap((lemma) => lex.lexemes({ lemma, pos: 'subst', gender: 'm1' }).slice(0, 1)),
    ].filter((name) => unambiguous(lex, name));
    const has = (lemma: string) => lex.lexemes({ lemma, pos: 'verb' }).length > 0;
    const frames = FRAMES.map(([frame, verbs]) => [frame, verbs.filter(has)] as const);
    found = { names, frames };
    cache.set(lex, found);
  }
  return found;
}

// A frame with one of its verbs, the subject put in.
function sentence(ctx: SampleContext, subject: string): { text: string; verb: string } {
  const [frame, verbs] = ctx.rng.pick(pools(ctx.lex).frames);
  const verb = ctx.rng.pick(verbs);
  return { text: frame.replace('{s}', subject).replace('{S}', subject), verb };
}

function input(verb: string, text: string): string {
  return `Uzupełnij zdanie czasownikiem „${verb}” w czasie przeszłym: „${text}” Odpowiedz jednym wyrazem.`;
}

const pairs = (lex: Lexicon) => pools(lex).frames.reduce((n, [, verbs]) => n + verbs.length, 0);

const single = family({
  id: 'named-subject',
  phenomenon:
    'Past-tense agreement of a verb with the gender of a named subject (third person singular).',
  contrast:
    'Replacing the name by one of the other gender changes the verb ending (Anna przyszła → Piotr przyszedł); masculine names ending in -a (Kosma, Jarema) keep the masculine form.',
  weight: 2,
  capacity: (lex) => pools(lex).names.length * pairs(lex),
  sample(ctx) {
    const name = ctx.rng.pick(pools(ctx.lex).names);
    const { text, verb } = sentence(ctx, name.lemma);
    return {
      input: input(verb, text),
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
  capacity: (lex) => pools(lex).names.length ** 2 * pairs(lex),
  sample(ctx) {
    const [a, b] = ctx.rng.sample(pools(ctx.lex).names, 2) as [Lexeme, Lexeme];
    const { text, verb } = sentence(ctx, `${a.lemma} i ${b.lemma}`);
    const virile = a.gender === 'm1' || b.gender === 'm1';
    return {
      input: input(verb, text),
      ...ctx.answer(verb, `praet:pl:${virile ? 'm1' : 'f'}:ter`),
    };
  },
});

export default defineGenerator({
  name: 'past-tense-gender',
  count: 150,
  families: [single, coordinated],
});
