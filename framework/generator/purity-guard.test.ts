import { describe, expect, it } from 'vitest';
import { fakeLexicon } from '../../tests/generator/fake-lexicon.js';
import { defineGenerator, family } from './define-generator.js';
import { generate } from './generate.js';

const lex = fakeLexicon([['kot', 'kot', 'subst:sg:nom:m2']]);

function generatorCalling(call: () => unknown) {
  const impure = family({
    id: 'impure',
    phenomenon: 'p',
    contrast: 'c',
    sample: (ctx) => ({ input: `x ${ctx.index} ${String(call())}`, gold: 'g' }),
  });
  return defineGenerator({ name: 'impure', count: 50, families: [impure] });
}

describe('purity guard', () => {
  it.each([
    ['Math.random()', () => Math.random()],
    ['Date.now()', () => Date.now()],
    ['new Date()', () => new Date()],
    ['Date()', () => (Date as unknown as () => string)()],
  ])('stops a family that calls %s, naming it', (what, call) => {
    expect(() => generate(generatorCalling(call), { seed: 1, lexicon: lex })).toThrow(
      `family "impure" called ${what} during generation`,
    );
  });

  it('restores the clock and Math.random afterwards, also after an error', () => {
    const random = Math.random;
    const OriginalDate = Date;
    expect(() =>
      generate(
        generatorCalling(() => Math.random()),
        { seed: 1, lexicon: lex },
      ),
    ).toThrow();
    expect(Math.random).toBe(random);
    expect(Date).toBe(OriginalDate);
    expect(typeof Date.now()).toBe('number');
  });

  it('lets a family build dates from explicit values', () => {
    const result = generate(
      generatorCalling(() => new Date(Date.UTC(2026, 0, 1)).toISOString()),
      {
        seed: 1,
        lexicon: lex,
      },
    );
    expect(result.items[0]?.input).toBe('x 0 2026-01-01T00:00:00.000Z');
  });
});
