// Rows of the bad-input table (see case.ts beside this file, and tests/cli/bad-input.test.ts,
// which runs every row) for `rpe lexicon answer`.
import { expect } from 'vitest';

const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });

export const cases = [
  {
    name: 'lexicon answer: an unknown lemma fails the check, with the miss as its JSON document',
    args: ['lexicon', 'answer', 'kotx', 'subst:pl:gen', '--json'],
    exit: 1 as const,
    stderr: /unknown lemma "kotx"/,
    json: (doc: unknown) =>
      expect(doc).toMatchObject({
        lemma: 'kotx',
        query: 'subst:pl:gen',
        error: { code: 'unknown_lemma' },
      }),
  },
  {
    name: 'lexicon answer: a lemma without the asked form',
    args: ['lexicon', 'answer', 'kot', 'praet:sg', '--json'],
    exit: 1 as const,
    stderr: /lemma "kot" has no form matching "praet:sg"/,
    json: errorCode('no_such_form'),
  },
  {
    name: 'lexicon answer: a query value outside the tagset',
    args: ['lexicon', 'answer', 'kot', 'subst:plural', '--json'],
    exit: 2 as const,
    stderr: /"plural" is not a value of the tagset/,
  },
  {
    name: 'lexicon answer: a missing snapshot',
    args: ['lexicon', 'answer', 'kot', 'subst:pl:gen', '--db', 'none.sqlite', '--json'],
    exit: 2 as const,
    stderr: /none\.sqlite: morphology snapshot not found/,
  },
  {
    name: 'lexicon answer: a missing query is a usage error',
    args: ['lexicon', 'answer', 'kot', '--json'],
    exit: 2 as const,
    stderr: /missing required argument 'query'/,
  },
];
