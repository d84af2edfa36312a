import { describe, expect, it } from 'vitest';
import { fakeLexicon } from '../../tests/generator/fake-lexicon.js';
import { validateItems } from '../rules/index.js';
import { allocateQuotas } from './allocate-quotas.js';
import { defineGenerator, family } from './define-generator.js';
import { generate } from './generate.js';

const lex = fakeLexicon([
  ['kot', 'kot', 'subst:sg:nom:m2'],
  ['kot', 'kota', 'subst:sg:gen:m2'],
  ['kot', 'koty', 'subst:pl:nom:m2'],
  ['kot', 'kotów', 'subst:pl:gen:m2'],
  ['dwa', 'dwóch', 'num:pl:gen:m2'],
  ['dwa', 'dwu', 'num:pl:gen:m2'],
]);

const numbers = family({
  id: 'numbers',
  phenomenon: 'test phenomenon',
  contrast: 'test contrast',
  sample: (ctx) => {
    const n = ctx.rng.int(2, 100_000);
    return { input: `Ile kotów? ${n}`, ...ctx.answer('kot', n < 5 ? 'pl:nom' : 'pl:gen') };
  },
});

const variants = family({
  id: 'variants',
  phenomenon: 'variants',
  contrast: 'variants',
  weight: 2,
  sample: (ctx) => ({ input: `Dopełniacz: ${ctx.rng.uint32()}`, ...ctx.answer('dwa', 'gen') }),
});

const gen = defineGenerator({ name: 'test', count: 60, families: [numbers, variants] });

describe('generate', () => {
  it('gives the same bytes for the same seed and different sets for other seeds', () => {
    const a = generate(gen, { seed: 1, lexicon: lex });
    const b = generate(gen, { seed: 1, lexicon: lex });
    const c = generate(gen, { seed: 2, lexicon: lex });
    expect(a.jsonl).toBe(b.jsonl);
    expect(a.jsonl).not.toBe(c.jsonl);
    const inputsA = new Set(a.items.map((i) => i.input));
    expect(c.items.filter((i) => inputsA.has(i.input)).length).toBeLessThan(5);
    expect(validateItems(a.jsonl).format_ok).toBe(true);
  });

  it('splits the count by weight and takes variant forms as aliases', () => {
    const result = generate(gen, { seed: 3, lexicon: lex });
    expect(result.families.map((f) => f.quota)).toEqual([20, 40]);
    expect(result.records.filter((r) => r.family === 'variants')).toHaveLength(40);
    expect(result.items[20]).toEqual({
      input: expect.any(String),
      gold: 'dwu',
      aliases: ['dwóch'],
    });
    expect(result.jsonl.split('\n')[20]).toMatch(
      /^\{"input":"Dopełniacz: \d+","gold":"dwu","aliases":\["dwóch"\]\}$/,
    );
  });

  it('allocates quotas by largest remainder, ties to the earlier family', () => {
    expect(allocateQuotas(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateQuotas(50, [1, 2])).toEqual([17, 33]);
    expect(allocateQuotas(7, [0.5, 0.25, 0.25])).toEqual([3, 2, 2]);
  });

  it('retries duplicates and stops with a clear error when a family runs dry', () => {
    const tiny = family({
      id: 'tiny',
      phenomenon: 'p',
      contrast: 'c',
      sample: (ctx) => ({ input: `Wybór ${ctx.rng.int(1, 30)}`, gold: 'x' }),
    });
    const dry = defineGenerator({ name: 'dry', count: 50, families: [tiny], maxAttempts: 200 });
    expect(() => generate(dry, { seed: 1, lexicon: lex })).toThrow(
      /family "tiny" cannot fill its quota: item 31 of 50 found nothing new in 200 attempts \(\d+× duplicate input\)/,
    );
  });

  it('counts lexicon misses and rejections as retries, and warns about a small space', () => {
    const picky = family({
      id: 'picky',
      phenomenon: 'p',
      contrast: 'c',
      sample: (ctx) => {
        const n = ctx.rng.int(1, 120);
        if (n % 3 === 0) return ctx.reject('divisible by three');
        if (n % 3 === 1) return { input: `Liczba ${n}`, ...ctx.answer('kot', 'sg:dat') };
        return { input: `Liczba ${n}`, gold: 'ok' };
      },
    });
    const result = generate(defineGenerator({ name: 'picky', count: 30 + 20, families: [picky] }), {
      seed: 5,
      lexicon: lex,
      count: 30,
    });
    const summary = result.families[0];
    expect(summary?.rejections['divisible by three']).toBeGreaterThan(0);
    expect(summary?.rejections['lexicon no_such_form']).toBeGreaterThan(0);
    expect(summary?.source).toBe('estimated');
    expect(
      result.warnings.some((w) => w.code === 'seed_overlap_risk' && w.family === 'picky'),
    ).toBe(true);
  });

  it('refuses an invalid item naming the family and the rule', () => {
    const bad = family({
      id: 'bad',
      phenomenon: 'p',
      contrast: 'c',
      sample: (ctx) => ({ input: `x ${ctx.index}`, gold: ctx.index === 3 ? '  ' : 'g' }),
    });
    expect(() =>
      generate(defineGenerator({ name: 'b', count: 50, families: [bad] }), {
        seed: 1,
        lexicon: lex,
      }),
    ).toThrow(/family "bad", item 4, attempt 1: empty_gold/);
  });

  it('refuses a declaration with a duplicate family or a count out of range', () => {
    expect(() => defineGenerator({ name: 'd', count: 50, families: [numbers, numbers] })).toThrow(
      /declared twice/,
    );
    expect(() => defineGenerator({ name: 'd', count: 201, families: [numbers] })).toThrow(/count/);
    expect(() =>
      family({
        id: 'Bad Id',
        phenomenon: 'p',
        contrast: 'c',
        sample: () => ({ input: 'a', gold: 'b' }),
      }),
    ).toThrow(/id/);
  });
});
