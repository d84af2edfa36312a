// The declared families of this Track 2 generator. generate.ts is the entry point that runs it.
import { defineGenerator, family, type Lexeme, type Lexicon } from 'reverse-poleval';

// ---------------------------------------------------------------------------------------------
// PLACEHOLDER FAMILY: it only shows the API (`rpe check` says incomplete while it is here). Replace
// it with your team's own families: the phenomena, sentence frames, word lists, questions and golds
// must be designed and written by the team (see PROVENANCE.md and the task's authorship rules).
// ---------------------------------------------------------------------------------------------

const CASES = [
  ['gen', 'dopełniacz'],
  ['dat', 'celownik'],
  ['inst', 'narzędnik'],
  ['loc', 'miejscownik'],
] as const;
const NUMBERS = [
  ['sg', 'liczba pojedyncza'],
  ['pl', 'liczba mnoga'],
] as const;

// The pool is the same for every item, so it is read once per lexicon; lexemes() has a fixed order.
const pools = new WeakMap<Lexicon, Lexeme[]>();
function nouns(lex: Lexicon): Lexeme[] {
  let pool = pools.get(lex);
  if (!pool) {
    pool = lex
      .lexemes({ pos: 'subst', limit: 3000 })
      .filter((l) => l.lemma === l.lemma.toLowerCase());
    pools.set(lex, pool);
  }
  return pool;
}

const placeholder = family({
  id: 'placeholder',
  phenomenon: 'PLACEHOLDER: describe the Polish phenomenon this family tests',
  contrast: 'PLACEHOLDER: describe the Polish contrast and how it changes the gold',
  sample(ctx) {
    const noun = ctx.rng.pick(nouns(ctx.lex));
    const [kase, caseName] = ctx.rng.pick(CASES);
    const [number, numberName] = ctx.rng.pick(NUMBERS);
    return {
      input: `[PRZYKŁAD DO ZASTĄPIENIA] Podaj formę rzeczownika „${noun.lemma}”: ${caseName}, ${numberName}.`,
      ...ctx.answer(noun, `subst:${number}:${kase}`),
    };
  },
});

export default defineGenerator({
  name: 'track2-generator',
  count: 100,
  lexicon: new URL('./data/morphology.sqlite', import.meta.url),
  families: [placeholder],
});
