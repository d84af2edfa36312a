// Demonstration generator (illustrates the API; not a submission): which noun a relative pronoun
// refers to. In "To jest brat koleżanki, która wczoraj przyszła" only the gender of "która" (and
// of the verb) shows that the clause is about the colleague, not the brother: English "who" does
// not decide it, Polish agreement does.
import {
  defineGenerator,
  family,
  type Lexeme,
  type Lexicon,
  type SampleContext,
} from '../../framework/index.js';

const MEN = [
  'brat',
  'syn',
  'ojciec',
  'kolega',
  'sąsiad',
  'nauczyciel',
  'lekarz',
  'szef',
  'mąż',
  'wujek',
  'student',
  'kierowca',
];
const WOMEN = [
  'siostra',
  'córka',
  'matka',
  'babcia',
  'ciocia',
  'sąsiadka',
  'koleżanka',
  'nauczycielka',
  'lekarka',
  'szefowa',
  'żona',
  'przyjaciółka',
];
/**
 * Frames and the verbs that fit them; {h} head noun, {d} dependent noun, {r} pronoun, {v} verb.
 * The clause may be about either noun, so a verb must fit both: the head is here ("To jest",
 * "Tam stoi"), so never "wyjechał" (left), which would say the person standing there is gone.
 */
const FRAMES: readonly (readonly [frame: string, verbs: readonly string[]])[] = [
  [
    'To jest {h} {d}, {r} wczoraj {v}.',
    ['przyjść', 'przyjechać', 'zachorować', 'zadzwonić', 'wrócić'],
  ],
  [
    'Oto {h} {d}, {r} {v} do nas w sobotę.',
    ['przyjść', 'przyjechać', 'zadzwonić', 'wrócić', 'napisać'],
  ],
  ['Tam stoi {h} {d}, {r} niedawno {v}.', ['przyjść', 'wrócić', 'wyzdrowieć', 'przyjechać']],
];

/** Nouns of the speaker's own family: "brat" alone reads as "my brother". */
const KIN = new Set([
  'brat',
  'syn',
  'ojciec',
  'mąż',
  'wujek',
  'siostra',
  'córka',
  'matka',
  'babcia',
  'ciocia',
  'żona',
]);
/**
 * The only [head, dependent] pairs of two family nouns that are drawn: each names a third
 * relative, plainly ("brat matki" the speaker's uncle, "żona wujka" an aunt). Every other pair of
 * two family nouns names one person twice or says nothing: "siostra syna" is the speaker's
 * daughter, "matka brata" the speaker's mother, "wujek cioci" her husband, "mąż żony" the speaker;
 * "córka męża" and "syn żony" leave open whether the child is the speaker's own.
 */
const KIN_PAIRS: readonly (readonly [head: string, dependent: string])[] = [
  ['brat', 'matka'],
  ['brat', 'żona'],
  ['brat', 'babcia'],
  ['syn', 'siostra'],
  ['syn', 'córka'],
  ['syn', 'ciocia'],
  ['ojciec', 'matka'],
  ['ojciec', 'żona'],
  ['ojciec', 'babcia'],
  ['mąż', 'siostra'],
  ['mąż', 'córka'],
  ['mąż', 'ciocia'],
  ['wujek', 'matka'],
  ['wujek', 'żona'],
  ['siostra', 'ojciec'],
  ['siostra', 'mąż'],
  ['córka', 'brat'],
  ['córka', 'syn'],
  ['córka', 'wujek'],
  ['matka', 'ojciec'],
  ['matka', 'mąż'],
  ['babcia', 'mąż'],
  ['ciocia', 'ojciec'],
  ['ciocia', 'mąż'],
  ['żona', 'brat'],
  ['żona', 'syn'],
  ['żona', 'wujek'],
];
/** Ties that run both ways say next to nothing ("sąsiadka sąsiada", "koleżanka kolegi"). */
const RECIPROCAL: readonly (readonly [string, string])[] = [
  ['sąsiad', 'sąsiadka'],
  ['kolega', 'koleżanka'],
];
/** One role in both genders reads as word play ("lekarka lekarza", "szefowa szefa"). */
const SAME_ROLE: readonly (readonly [string, string])[] = [
  ['lekarz', 'lekarka'],
  ['nauczyciel', 'nauczycielka'],
  ['szef', 'szefowa'],
];
const among = (pairs: readonly (readonly [string, string])[], a: string, b: string) =>
  pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/** Why "{head} {dependent}" is never drawn, or null when it names two people plainly. */
function unfit(head: string, dependent: string): string | null {
  if (KIN.has(head) && KIN.has(dependent))
    return KIN_PAIRS.some(([h, d]) => h === head && d === dependent)
      ? null
      : 'two family nouns that name one person twice';
  if (among(RECIPROCAL, head, dependent)) return 'reciprocal pair';
  if (among(SAME_ROLE, head, dependent)) return 'one role in both genders';
  return null;
}

interface Pools {
  men: Lexeme[];
  women: Lexeme[];
}
const cache = new WeakMap<Lexicon, Pools>();

// The person nouns the snapshot has, masculine-personal and feminine; read once per lexicon.
function pools(lex: Lexicon): Pools {
  let found = cache.get(lex);
  if (!found) {
    const of = (lemmas: string[], gender: string) =>
      lemmas.flatMap((lemma) => lex.lexemes({ lemma, pos: 'subst', gender, sense: 1 }).slice(0, 1));
    found = { men: of(MEN, 'm1'), women: of(WOMEN, 'f') };
    cache.set(lex, found);
  }
  return found;
}

const genderTag = (noun: Lexeme) => (noun.gender === 'f' ? 'f' : 'm1');

// A sentence whose relative clause agrees with the head (toHead) or the dependent noun.
function draw(ctx: SampleContext, toHead: boolean) {
  const { men, women } = pools(ctx.lex);
  const manFirst = ctx.rng.chance(1, 2);
  const head = ctx.rng.pick(manFirst ? men : women);
  const dependent = ctx.rng.pick(manFirst ? women : men);
  const why = unfit(head.lemma, dependent.lemma);
  if (why !== null) return ctx.reject(why);
  const target = toHead ? head : dependent;
  const [frame, verbs] = ctx.rng.pick(FRAMES);
  const pronoun = ctx.lex.form('który', `adj:sg:nom:${genderTag(target)}`);
  const verb = ctx.lex.form(ctx.rng.pick(verbs), `praet:sg:${genderTag(target)}:ter`);
  const headForm = ctx.answer(head, 'subst:sg:nom');
  const dependentForm = ctx.answer(dependent, 'subst:sg:gen');
  const sentence = frame
    .replace('{h}', headForm.gold)
    .replace('{d}', dependentForm.gold)
    .replace('{r}', pronoun)
    .replace('{v}', verb);
  const answer = toHead ? headForm : dependentForm;
  return {
    input: `Do którego rzeczownika w zdaniu „${sentence}” odnosi się zaimek „${pronoun}”? Podaj ten rzeczownik w takiej formie, w jakiej występuje w zdaniu.`,
    gold: answer.gold,
    lemma: answer.lemma,
    query: answer.query,
    tag: answer.tag,
    lexeme: answer.lexeme,
  };
}

// Per family: the ordered pairs that may be drawn (either noun first), in every frame with every verb.
const capacity = (lex: Lexicon) => {
  const { men, women } = pools(lex);
  const drawable = men
    .flatMap((m) => women.flatMap((w) => [unfit(m.lemma, w.lemma), unfit(w.lemma, m.lemma)]))
    .filter((why) => why === null).length;
  return drawable * FRAMES.reduce((n, [, verbs]) => n + verbs.length, 0);
};

const headFamily = family({
  id: 'refers-to-head',
  phenomenon:
    'Reference of the relative pronoun "który" decided by gender agreement: it refers to the head noun.',
  contrast:
    'Changing the pronoun and verb to the gender of the dependent noun moves the reference, and the gold, to that noun (brat koleżanki, który przyszedł → brat koleżanki, która przyszła).',
  capacity,
  sample: (ctx) => draw(ctx, true),
});

const dependentFamily = family({
  id: 'refers-to-dependent',
  phenomenon:
    'Reference of the relative pronoun "który" decided by gender agreement: it refers to the dependent genitive noun, not the nearer-to-the-start head.',
  contrast:
    'Changing the pronoun and verb to the gender of the head noun moves the reference, and the gold, to the head (siostra sąsiada, który wrócił → siostra sąsiada, która wróciła).',
  capacity,
  sample: (ctx) => draw(ctx, false),
});

export default defineGenerator({
  name: 'relative-pronoun',
  count: 150,
  families: [headFamily, dependentFamily],
});
