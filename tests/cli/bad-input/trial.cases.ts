// Rows for `rpe trial`: one or more per option. See case.ts for what every row must hold.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { packagePath } from '../../../framework/package-root.js';
import type { BadInputCase } from './case.js';

const GENERATOR = packagePath('examples', 'past-tense-gender');
// Nothing listens on port 9 of the loopback: a request is refused at once.
const CLOSED = 'http://127.0.0.1:9/v1';
const item = (i: number, extra: object = {}) =>
  JSON.stringify({ input: `Pytanie numer ${i}`, gold: `odpowiedź ${i}`, ...extra });
const items = (n: number, extra: object = {}) =>
  Array.from({ length: n }, (_, i) => item(i, extra)).join('\n') + '\n';
const files =
  (tree: Record<string, string>) =>
  (dir: string): void => {
    for (const [name, text] of Object.entries(tree)) {
      if (name.endsWith('/')) mkdirSync(join(dir, name), { recursive: true });
      else writeFileSync(join(dir, name), text);
    }
  };
const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });
const panel = ['--models-file', 'models.txt', '--base-url', CLOSED];
const NO_ENV = { EVAL_BASE_URL: '', EVAL_API_KEY: '' };
// What a set that was made before the run stopped leaves: its folder and its items.
const madeSet = ['trial', 'trial/set-1', 'trial/set-1/items.jsonl'];

export const cases: BadInputCase[] = [
  {
    name: 'trial: neither a generator nor --sets',
    args: ['trial', '--items-only', '--json'],
    exit: 2,
    stderr: /give a GENERATOR/,
    json: errorCode('usage'),
  },
  {
    name: 'trial: a generator folder that does not exist',
    args: ['trial', 'nowhere', '--items-only', '--json'],
    exit: 2,
    stderr: /nowhere: no such file or folder/,
    json: errorCode('generator_missing'),
  },
  {
    name: 'trial: a folder with no generator and no entrypoint',
    args: ['trial', 'empty', '--items-only'],
    setup: files({ 'empty/': '' }),
    exit: 2,
    stderr: /empty: no framework generator .* no entrypoint/,
  },
  {
    name: 'trial: a Python generator made by rpe init that fails: exit 1, no trial folder',
    args: ['trial', 'gen', '--items-only', '--json'],
    setup: files({
      'gen/': '',
      'gen/rpe_runtime/': '',
      'gen/rpe_runtime/__init__.py': '',
      'gen/generate.py': 'raise RuntimeError("broken generator")\n',
    }),
    exit: 1,
    stderr: /gen\/generate\.py.*RuntimeError: broken generator/,
    json: errorCode('generator_failed'),
  },
  {
    name: 'trial --seeds: not a seed',
    args: ['trial', GENERATOR, '--seeds', '1,x', '--items-only', '--json'],
    exit: 2,
    stderr: /not a seed: "x"/,
    json: errorCode('bad_seeds'),
  },
  {
    name: 'trial --seeds: a repeated seed',
    args: ['trial', GENERATOR, '--seeds', '3,3', '--items-only'],
    exit: 2,
    stderr: /repeated/,
  },
  {
    name: 'trial --models-file: required unless --items-only',
    args: ['trial', GENERATOR, '--json'],
    exit: 2,
    stderr: /--models-file is required/,
    json: errorCode('usage'),
  },
  {
    name: 'trial --models-file: unreadable',
    args: ['trial', GENERATOR, '--models-file', 'none.txt', '--base-url', CLOSED],
    exit: 2,
    stderr: /cannot read none\.txt/,
  },
  {
    name: 'trial --models-file: no model in it',
    args: ['trial', GENERATOR, ...panel],
    setup: files({ 'models.txt': '# nothing yet\n' }),
    exit: 2,
    stderr: /models\.txt: no model ids/,
  },
  {
    name: 'trial --base-url: not an http URL',
    args: ['trial', GENERATOR, '--models-file', 'models.txt', '--base-url', 'ftp://x', '--json'],
    setup: files({ 'models.txt': 'org/a\n' }),
    exit: 2,
    stderr: /ftp:\/\/x/,
  },
  {
    name: 'trial --dotenv: no endpoint in the option, the environment or the file',
    args: ['trial', GENERATOR, '--models-file', 'models.txt', '--dotenv', 'empty.env'],
    setup: files({ 'models.txt': 'org/a\n', 'empty.env': '# no EVAL_BASE_URL\n' }),
    env: NO_ENV,
    exit: 2,
    stderr: /EVAL_BASE_URL/,
  },
  {
    name: 'trial --concurrency: zero',
    args: ['trial', GENERATOR, ...panel, '--concurrency', '0', '--json'],
    exit: 2,
    stderr: /--concurrency.*expected an integer ≥ 1/,
    json: errorCode('usage'),
  },
  {
    name: 'trial --timeout: not a number of seconds',
    args: ['trial', GENERATOR, ...panel, '--timeout', 'soon'],
    exit: 2,
    stderr: /--timeout.*seconds > 0/,
  },
  {
    name: 'trial --retries: not an integer',
    args: ['trial', GENERATOR, ...panel, '--retries', 'x'],
    exit: 2,
    stderr: /--retries.*expected an integer ≥ 0/,
  },
  {
    name: 'trial --evaluator: a file that does not exist',
    args: ['trial', GENERATOR, ...panel, '--evaluator', 'none.py', '--json'],
    setup: files({ 'models.txt': 'org/a\n' }),
    exit: 2,
    stderr: /cannot read the evaluator none\.py/,
    json: errorCode('evaluator_unreadable'),
  },
  {
    name: 'trial --evaluator: refused with a set that has aliases, before any model is asked',
    args: ['trial', '--sets', 'a.jsonl', ...panel, '--evaluator', 'evaluator.py', '--out', 'trial'],
    setup: files({
      'models.txt': 'org/a\n',
      'a.jsonl': items(50, { aliases: ['tak'] }),
      'evaluator.py': 'def accept(prediction, gold):\n    return prediction == gold\n',
    }),
    stdout: /^a\.jsonl: 50 items\n$/,
    exit: 2,
    stderr: /item 1 has aliases/,
    allowed: madeSet,
  },
  {
    name: 'trial --evaluator: one that rejects a gold fails the trial before any model is asked',
    args: [
      'trial',
      '--sets',
      'a.jsonl',
      ...panel,
      '--evaluator',
      'evaluator.py',
      '--out',
      'trial',
      '--json',
    ],
    setup: files({
      'models.txt': 'org/a\n',
      'a.jsonl': items(50),
      'evaluator.py': 'def accept(prediction, gold):\n    return False\n',
    }),
    exit: 1,
    stderr: /evaluator\.py does not accept the gold of 50 item\(s\) of a\.jsonl/,
    json: errorCode('evaluator_rejects_gold'),
    allowed: madeSet,
  },
  {
    name: 'trial --sets: a file that does not exist',
    args: ['trial', '--sets', 'missing.jsonl', '--items-only', '--json'],
    exit: 2,
    stderr: /cannot read missing\.jsonl/,
    json: errorCode('items_unreadable'),
  },
  {
    name: 'trial --sets: a set outside the official format fails the check',
    args: ['trial', '--sets', 'few.jsonl', '--items-only', '--json'],
    setup: files({ 'few.jsonl': items(10) }),
    exit: 1,
    stderr: /few\.jsonl: too_few_items: 10 items/,
    json: errorCode('invalid_items'),
  },
  {
    name: 'trial --sets: not together with a generator',
    args: ['trial', GENERATOR, '--sets', 'a.jsonl', '--items-only'],
    exit: 2,
    stderr: /either GENERATOR or --sets, not both/,
  },
  {
    name: 'trial --sets: --seeds must name one seed per file',
    args: ['trial', '--sets', 'a.jsonl', '--seeds', '1,2', '--items-only'],
    setup: files({ 'a.jsonl': items(50) }),
    exit: 2,
    stderr: /one seed per file/,
  },
  {
    name: 'trial --items-only: two sets over the overlap limit fail the check, with the report',
    args: ['trial', '--sets', 'a.jsonl', 'b.jsonl', '--items-only', '--out', 'trial', '--json'],
    setup: files({ 'a.jsonl': items(50), 'b.jsonl': items(50) }),
    exit: 1,
    stderr: /seed overlap 1\.000 is above 0\.5/,
    json: (doc) =>
      expect(doc).toMatchObject({
        status: 'complete',
        overlap: { ok: false, max: 1 },
        panel: null,
      }),
    allowed: [
      ...madeSet,
      'trial/set-2',
      'trial/set-2/items.jsonl',
      'trial/summary.json',
      'trial/report.md',
    ],
  },
  {
    name: 'trial --out: a path under a file cannot be written',
    args: ['trial', '--sets', 'a.jsonl', '--items-only', '--out', 'a.jsonl/trial'],
    setup: files({ 'a.jsonl': items(50) }),
    exit: 2,
    stderr: /cannot write a\.jsonl\/trial/,
  },
  {
    name: 'trial --api-key: a refused endpoint leaves answers missing and no report (--json: one document)',
    args: [
      'trial',
      '--sets',
      'a.jsonl',
      ...panel,
      '--api-key',
      'k',
      '--retries',
      '0',
      '--out',
      'trial',
      '--json',
    ],
    setup: files({ 'models.txt': 'org/a\n', 'a.jsonl': items(50) }),
    exit: 2,
    stderr: /a\.jsonl: answers are missing/,
    json: (doc) => expect(doc).toMatchObject({ status: 'incomplete', set: 'a.jsonl' }),
    allowed: [...madeSet, 'trial/set-1/responses', 'trial/set-1/responses/org__a.jsonl'],
  },
];
