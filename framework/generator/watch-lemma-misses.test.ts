import { describe, expect, it } from 'vitest';
import { fakeLexicon } from '../../tests/generator/fake-lexicon.js';
import type { Lexicon } from '../lexicon/index.js';
import { defineGenerator, family } from './define-generator.js';
import { generate } from './generate.js';

const lex = fakeLexicon([
  ['gazeta', 'gazety', 'subst:sg:gen:f'],
  ['kot', 'kota', 'subst:sg:gen:m2'],
]);

// A word list with one misspelt lemma, asked through ctx.answer() or through ctx.lex.form().
const misspelt = (via: 'answer' | 'form') =>
  family({
    id: `misspelt-${via}`,
    phenomenon: 'p',
    contrast: 'c',
    sample: (ctx) => {
      const lemma = ctx.rng.pick(['gazeta', 'gazetaa', 'kot']);
      const n = ctx.rng.int(1, 1_000_000);
      if (via === 'form') return { input: `Dopełniacz ${n}`, gold: ctx.lex.form(lemma, 'gen') };
      return { input: `Dopełniacz ${n}`, ...ctx.answer(lemma, 'gen') };
    },
  });

describe('a family that names a lemma the snapshot does not know', () => {
  it.each(['answer', 'form'] as const)(
    'is named with the lemma in a warning when asked through ctx.%s',
    (via) => {
      const result = generate(
        defineGenerator({ name: 'typo', count: 50, families: [misspelt(via)] }),
        { seed: 3, lexicon: lex },
      );
      const summary = result.families[0];
      const misses = summary?.rejections['lexicon unknown_lemma'] ?? 0;
      expect(misses).toBeGreaterThan(0);
      expect(summary?.unknownLemmas).toEqual({ gazetaa: misses });
      const warning = result.warnings.find((w) => w.code === 'unknown_lemma');
      expect(warning).toEqual({
        code: 'unknown_lemma',
        family: `misspelt-${via}`,
        message: `family "misspelt-${via}" asks for the lemma "gazetaa", which the snapshot does not know (${misses} draws rejected); check its spelling`,
      });
    },
  );

  it('gives no such warning when every lemma is known, and names the lemma when a quota fails', () => {
    const fine = family({
      id: 'fine',
      phenomenon: 'p',
      contrast: 'c',
      sample: (ctx) => ({ input: `Kot ${ctx.rng.uint32()}`, ...ctx.answer('kot', 'gen') }),
    });
    const ok = generate(defineGenerator({ name: 'ok', count: 50, families: [fine] }), {
      seed: 1,
      lexicon: lex,
    });
    expect(ok.warnings.filter((w) => w.code === 'unknown_lemma')).toEqual([]);
    expect(ok.families[0]?.unknownLemmas).toEqual({});

    const only = family({
      id: 'only-typos',
      phenomenon: 'p',
      contrast: 'c',
      sample: (ctx) => ({ input: `x ${ctx.rng.uint32()}`, ...ctx.answer('gazetaa', 'gen') }),
    });
    expect(() =>
      generate(defineGenerator({ name: 'dry', count: 50, families: [only] }), {
        seed: 1,
        lexicon: lex,
      }),
    ).toThrow(
      /family "only-typos" cannot fill its quota: .*lexicon unknown_lemma\); lemmas the snapshot does not know: "gazetaa"; widen/,
    );
  });

  it('sees one lexicon object in every draw and in capacity(), so caches keyed on it keep working', () => {
    const seen = new Set<Lexicon>();
    const keyed = family({
      id: 'keyed',
      phenomenon: 'p',
      contrast: 'c',
      capacity: (lexicon) => {
        seen.add(lexicon);
        return 1000;
      },
      sample: (ctx) => {
        seen.add(ctx.lex);
        return { input: `Kot ${ctx.rng.uint32()}`, gold: ctx.lex.lexemes()[0]?.lemma ?? '?' };
      },
    });
    generate(defineGenerator({ name: 'keyed', count: 50, families: [keyed] }), {
      seed: 2,
      lexicon: lex,
    });
    expect(seen.size).toBe(1);
  });
});
