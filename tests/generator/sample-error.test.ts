// A sample() that throws is named with the team's frame: the generator's code lives outside the
// framework, as here, so the message points at this file rather than at the framework's.
import { describe, expect, it } from 'vitest';
import { defineGenerator, family, generate } from '../../framework/index.js';
import { fakeLexicon } from './fake-lexicon.js';

const lex = fakeLexicon([['kot', 'kot', 'subst:sg:nom:m2']]);

function frameFor(word: string): string {
  throw new Error(`no frame for ${word}`);
}

describe('a sample() that throws', () => {
  it("is named with the generator's own file and line, not the framework's", () => {
    const broken = family({
      id: 'broken',
      phenomenon: 'p',
      contrast: 'c',
      sample: () => ({ input: 'x', gold: frameFor('kot') }),
    });
    const gen = defineGenerator({ name: 'b', count: 50, families: [broken] });
    expect(() => generate(gen, { seed: 1, lexicon: lex })).toThrow(
      /^family "broken", item 1, attempt 1: sample\(\) threw: no frame for kot \(sample-error\.test\.ts:10\)$/,
    );
  });
});
