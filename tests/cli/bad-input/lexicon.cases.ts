// Rows of the bad-input table (see case.ts beside this file, and lexicon.test.ts, which runs
// every row) for `rpe lexicon answer` and its --allow.
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
    name: 'lexicon answer: --allow names a form the answer does not exclude',
    args: ['lexicon', 'answer', 'lekarz', 'subst:pl:gen', '--allow', 'kot', '--json'],
    exit: 2 as const,
    stderr: /allow: "kot" is not one of its excluded forms/,
    json: errorCode('lexicon_bad_override'),
  },
  {
    name: 'lexicon answer: --allow with an empty form in its list is a usage error',
    args: ['lexicon', 'answer', 'lekarz', 'subst:pl:gen', '--allow', 'lekarzów,'],
    exit: 2 as const,
    stderr: /"lekarzów," has an empty form/,
  },
  {
    name: 'lexicon answer: a missing query is a usage error',
    args: ['lexicon', 'answer', 'kot', '--json'],
    exit: 2 as const,
    stderr: /missing required argument 'query'/,
  },
];
