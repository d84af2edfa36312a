// Rows for the rules, lexicon and generator commands. See case.ts for what every row must hold.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BadInputCase } from './case.js';

const item = (i: number) => JSON.stringify({ input: `Pytanie ${i}`, gold: `odpowiedź ${i}` });
const items = (n: number) => Array.from({ length: n }, (_, i) => item(i)).join('\n') + '\n';
const write = (name: string, text: string) => (dir: string) => writeFileSync(join(dir, name), text);
const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });

export const cases: BadInputCase[] = [
  {
    name: 'a usage error is one line, and under --json one error document',
    args: ['validate', '--json'],
    exit: 2,
    stderr: /missing required argument 'file' \(rpe validate --help/,
    json: errorCode('usage'),
  },
  {
    name: 'a group without a command is a usage error naming its commands, in one line',
    args: ['sandbox', 'images'],
    exit: 2,
    stderr: /^rpe: rpe sandbox images needs a command: build \(rpe sandbox images --help lists/,
  },
  {
    name: 'an unknown option is a usage error',
    args: ['score', '--matrix', 'm.json', '--nope', '--json'],
    exit: 2,
    stderr: /unknown option '--nope'/,
    json: errorCode('usage'),
  },
  {
    name: 'validate: a missing file',
    args: ['validate', 'missing.jsonl', '--json'],
    exit: 2,
    stderr: /missing\.jsonl/,
  },
  {
    name: 'validate: a file with too few items fails the check with a report',
    args: ['validate', 'few.jsonl', '--json'],
    setup: write('few.jsonl', items(3)),
    exit: 1,
    json: (doc) => expect(doc).toMatchObject({ format_ok: false, n_items: 3 }),
  },
  {
    name: 'score: a matrix that is not JSON names the file',
    args: ['score', '--matrix', 'm.json', '--json'],
    setup: write('m.json', '{"models": ["a"'),
    exit: 2,
    stderr: /m\.json/,
  },
  {
    name: 'score: --markdown is not written when the matrix is bad',
    args: ['score', '--matrix', 'm.json', '--markdown', 'out.md'],
    setup: write('m.json', '{"models": ["a", "b"], "correct": [[1]]}'),
    exit: 2,
    stderr: /m\.json: correct\.0/,
  },
  {
    name: 'overlap: a file that is not JSONL',
    args: ['overlap', 'a.jsonl', 'b.txt', '--json'],
    setup: (dir) => {
      writeFileSync(join(dir, 'a.jsonl'), items(2));
      writeFileSync(join(dir, 'b.txt'), 'not json\n');
    },
    exit: 2,
    stderr: /b\.txt: line 1 is not JSON/,
  },
  {
    name: 'overlap: two identical sets fail the check with a report',
    args: ['overlap', 'a.jsonl', 'b.jsonl', '--json'],
    setup: (dir) => {
      writeFileSync(join(dir, 'a.jsonl'), items(4));
      writeFileSync(join(dir, 'b.jsonl'), items(4));
    },
    exit: 1,
    json: (doc) => expect(doc).toMatchObject({ ok: false, max: 1 }),
  },
  {
    name: 'hash: a missing folder',
    args: ['hash', 'nowhere', '--json'],
    exit: 2,
    stderr: /nowhere/,
  },
  {
    name: 'hash: a symlink in the folder is named',
    args: ['hash', 'data', '--json'],
    setup: (dir) => {
      mkdirSync(join(dir, 'data'));
      writeFileSync(join(dir, 'data', 'a.tsv'), 'kot\n');
      symlinkSync('a.tsv', join(dir, 'data', 'link.tsv'));
    },
    exit: 1,
    stderr: /link\.tsv/,
  },
  {
    name: 'lexicon forms: an unknown lemma',
    args: ['lexicon', 'forms', 'kotx', 'subst:pl:gen', '--json'],
    exit: 1,
    stderr: /unknown lemma "kotx"/,
    json: errorCode('unknown_lemma'),
  },
  {
    name: 'lexicon forms: a query value outside the tagset',
    args: ['lexicon', 'forms', 'kot', 'subst:plural', '--json'],
    exit: 2,
    stderr: /plural/,
  },
  {
    name: 'lexicon analyse: an unknown form',
    args: ['lexicon', 'analyse', 'kotx', '--json'],
    exit: 1,
    stderr: /unknown form "kotx"/,
    json: errorCode('unknown_form'),
  },
  {
    name: 'lexicon info: a missing snapshot',
    args: ['lexicon', 'info', '--db', 'none.sqlite', '--json'],
    exit: 2,
    stderr: /none\.sqlite/,
  },
  {
    name: 'generate: a missing generator folder writes nothing',
    args: ['generate', 'nowhere', '--seed', '1', '--out', 'items.jsonl', '--json'],
    exit: 2,
    stderr: /nowhere/,
  },
  {
    name: 'init: an unknown language',
    args: ['init', 'gen', '--lang', 'rust', '--json'],
    exit: 2,
    stderr: /rust/,
  },
  {
    name: 'check: a missing folder',
    args: ['check', 'nowhere', '--json'],
    exit: 2,
    stderr: /nowhere/,
  },
  {
    name: 'check: a bad seed list',
    args: ['check', '.', '--seeds', '1,x', '--json'],
    exit: 2,
    stderr: /seed/,
  },
];
