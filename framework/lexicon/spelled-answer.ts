import { LexiconError } from './lexicon-error.js';
import type { Answer, Lexeme } from './lexicon.js';
import { parseQuery } from './parse-query.js';

/** The core answer() of a snapshot, for lemmas exactly as it stores them. */
type Core = (lemma: string | Lexeme, query: string) => Answer;

const REFLEXIVE = ' się';
const VOWEL_END = /[aeiouyąęó]$/;
// The values of a feminine surname's synthesised tag, in tag order.
const TAG_ORDER = ['sg', 'pl', 'nom', 'gen', 'dat', 'acc', 'inst', 'loc', 'voc'];

const isCapitalised = (word: string) =>
  word.charAt(0) !== word.charAt(0).toLowerCase() &&
  word.charAt(0) === word.charAt(0).toUpperCase();
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

// The same answer with every form (gold, aliases, excluded) spelled by `spell`, under `lemma`.
function respell(answer: Answer, lemma: string, spell: (form: string) => string): Answer {
  return {
    ...answer,
    lemma,
    gold: spell(answer.gold),
    aliases: answer.aliases.map(spell),
    excluded: answer.excluded.map((e) => ({ form: spell(e.form), why: e.why })),
  };
}

/**
 * answer() for lemmas as people write them, when the snapshot does not have the spelling asked:
 *
 * - a reflexive verb with `się` ("bać się"): the verb's reflexive lexeme, every form followed by
 *   `się` ("bała się");
 * - a capitalised word the snapshot stores in lower case ("Bóg"): its forms capitalised ("Boże");
 * - a woman's surname from a masculine consonant stem ("Nowak" asked with `f`): the surname does
 *   not decline (pani Nowak, z panią Nowak; WSO PWN, the rules of inflecting surnames, and the
 *   Rada Języka Polskiego's advice), so every case is the lemma itself.
 *
 * Anything else fails as the core answer() does.
 */
export function spelledAnswer(core: Core, lexemesOf: (lemma: string) => readonly Lexeme[]): Core {
  return (lemma, query) => {
    if (typeof lemma !== 'string') return core(lemma, query);
    try {
      return core(lemma, query);
    } catch (error) {
      if (!(error instanceof LexiconError)) throw error;
      if (error.code === 'unknown_lemma') {
        if (lemma.endsWith(REFLEXIVE)) {
          const verb = lemma.slice(0, -REFLEXIVE.length);
          const reflexive = lexemesOf(verb)
            .filter((l) => l.pos === 'verb' && (l.reflexivity ?? '').split('.').includes('refl'))
            .sort((a, b) => a.sense - b.sense || a.id - b.id)[0];
          if (reflexive === undefined) throw error;
          return respell(core(reflexive, query), lemma, (f) => f + REFLEXIVE);
        }
        const lower = lemma.charAt(0).toLowerCase() + lemma.slice(1);
        if (isCapitalised(lemma) && lexemesOf(lower).length > 0) {
          return respell(core(lower, query), lemma, capitalise);
        }
        throw error;
      }
      const values = parseQuery(query);
      if (error.code !== 'no_such_form' || !values.includes('f')) throw error;
      return indeclinableSurname(core, lexemesOf(lemma), lemma, values, query) ?? throwIt(error);
    }
  };
}

const throwIt = (error: unknown): never => {
  throw error;
};

// A woman's answer for a masculine surname ending in a consonant, or null when it is not one.
function indeclinableSurname(
  core: Core,
  lexemes: readonly Lexeme[],
  lemma: string,
  values: readonly string[],
  query: string,
): Answer | null {
  const man = lexemes.find((l) => l.pos === 'subst' && l.gender === 'm1');
  if (!isCapitalised(lemma) || VOWEL_END.test(lemma) || man === undefined) return null;
  if (values.some((v) => !['subst', 'f', ...TAG_ORDER].includes(v))) return null;
  const tag = ['subst', ...TAG_ORDER.filter((v) => values.includes(v)), 'f'].join(':');
  const excluded = [];
  const masculine = values
    .filter((v) => v !== 'f')
    .concat('m1')
    .join(':');
  try {
    const his = core(man, masculine).gold;
    if (his !== lemma) {
      excluded.push({
        form: his,
        why: "the man's form: a woman's surname ending in a consonant does not decline",
      });
    }
  } catch (error) {
    if (!(error instanceof LexiconError)) throw error;
  }
  return { gold: lemma, aliases: [], lemma, query, tag, lexeme: man, excluded };
}
