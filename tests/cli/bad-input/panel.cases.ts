// Rows for the panel commands: query, evaluate, baselines. See case.ts for what every row must hold.
// Rows that need a model server point at closed ports: 127.0.0.1:4 (nothing listens there, and
// binding it needs root) or :9, a port fetch refuses outright. Server-backed cases with answers
// are vitest tests in tests/panel/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { packagePath } from '../../../framework/package-root.js';
import type { BadInputCase } from './case.js';

const CLOSED = 'http://127.0.0.1:4/v1';
const items = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({ input: `Podaj formę ${i + 1}`, gold: `forma${i + 1}` }),
  ).join('\n') + '\n';
const evaluator = (name: string) =>
  packagePath('tests', 'fixtures', 'panel', 'evaluators', name, 'evaluator.py');

// Writes files (name -> text) into the row's folder; a name ending in / is a folder.
const files =
  (tree: Record<string, string>) =>
  (dir: string): void => {
    for (const [name, text] of Object.entries(tree)) {
      if (name.endsWith('/')) mkdirSync(join(dir, name), { recursive: true });
      else {
        mkdirSync(join(dir, name, '..'), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
    }
  };
const fifo =
  (name: string, tree: Record<string, string> = {}) =>
  (dir: string) => {
    files(tree)(dir);
    execFileSync('mkfifo', [join(dir, name)]);
  };
const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });

const query = (...extra: string[]) => [
  'query',
  '--items',
  'items.jsonl',
  '--models-file',
  'models.txt',
  '--output-dir',
  'responses',
  ...extra,
];
const queryFiles = (extra: Record<string, string> = {}) =>
  files({ 'items.jsonl': items(3), 'models.txt': 'org/a\nb\n', ...extra });

const evaluate = (...extra: string[]) => [
  'evaluate',
  '--items',
  'items.jsonl',
  '--responses-dir',
  'responses',
  ...extra,
];
const answers = (model: string, list: string[]) =>
  list.map((response, i) => `${JSON.stringify({ model, item: i + 1, response })}\n`).join('');
const evaluateFiles = (extra: Record<string, string> = {}) =>
  files({
    'items.jsonl': items(2),
    'responses/m.jsonl': answers('m', ['forma1', 'zle']),
    ...extra,
  });
const OLD_MATRIX = '{"models": ["old"], "correct": [[1], [1]]}\n';

export const cases: BadInputCase[] = [
  // rpe query
  {
    name: 'query: a server that is down stops the run at once, in one line, writing nothing',
    args: query('--base-url', CLOSED, '--json'),
    setup: queryFiles(),
    exit: 2,
    stderr:
      /^rpe: cannot reach http:\/\/127\.0\.0\.1:4\/v1\/chat\/completions: connection refused \(ECONNREFUSED\); is the model server running/,
    json: (doc) =>
      expect(doc).toMatchObject({
        halted: { code: 'endpoint_unreachable' },
        complete: false,
        models: [
          { model: 'org/a', answered: 0 },
          { model: 'b', answered: 0, skipped: 3 },
        ],
      }),
    timeoutSeconds: 10,
  },
  {
    name: 'query: a server that is down, named in .env, in text mode',
    args: query(),
    setup: queryFiles({ '.env': `EVAL_BASE_URL=${CLOSED}\n` }),
    env: { EVAL_BASE_URL: '' },
    stdout: /^endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\n/,
    exit: 2,
    stderr: /connection refused \(ECONNREFUSED\)/,
    timeoutSeconds: 10,
  },
  {
    name: 'query: a port that fetch refuses is named as such',
    args: query('--base-url', 'http://127.0.0.1:9/v1'),
    setup: queryFiles(),
    stdout: /^endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\n/,
    exit: 2,
    stderr: /fetch refuses this port/,
    timeoutSeconds: 10,
  },
  {
    name: 'query: a host that does not exist',
    args: query('--base-url', 'http://no-such-host.invalid/v1', '--json'),
    setup: queryFiles(),
    exit: 2,
    stderr: /unknown host \(ENOTFOUND\)/,
    timeoutSeconds: 20,
  },
  {
    name: 'query: --env-file (which Node 20 reads itself) is refused with the new name',
    args: query('--env-file', 'panel.env', '--json'),
    setup: queryFiles({ 'panel.env': `EVAL_BASE_URL=${CLOSED}\n` }),
    exit: 2,
    stderr: /--env-file <file>' argument 'panel\.env' is invalid\. use --dotenv instead/,
    json: errorCode('usage'),
  },
  {
    name: 'query: --dotenv naming a missing file',
    args: query('--dotenv', 'missing.env', '--json'),
    setup: queryFiles(),
    exit: 2,
    stderr: /^rpe: cannot read missing\.env: no such file\n$/,
    json: errorCode('env_unreadable'),
  },
  {
    name: 'query: --dotenv naming a folder',
    args: query('--dotenv', 'conf'),
    setup: queryFiles({ 'conf/': '' }),
    exit: 2,
    stderr: /cannot read conf: it is a folder/,
  },
  {
    name: 'query: a .env that is a pipe is refused, not waited on',
    args: query('--base-url', CLOSED),
    setup: fifo('.env', { 'items.jsonl': items(3), 'models.txt': 'm\n' }),
    exit: 2,
    stderr: /cannot read \.env: it is not a regular file/,
    timeoutSeconds: 10,
  },
  {
    name: 'query: a models file that is a pipe is refused, not waited on',
    args: query('--base-url', CLOSED, '--json'),
    setup: fifo('models.txt', { 'items.jsonl': items(3) }),
    exit: 2,
    stderr: /cannot read models\.txt: it is not a regular file/,
    json: errorCode('models_unreadable'),
    timeoutSeconds: 10,
  },
  {
    name: 'query: a models file with no ids',
    args: query('--base-url', CLOSED),
    setup: queryFiles({ 'models.txt': '# nothing yet\n\n' }),
    exit: 2,
    stderr: /models\.txt: no model ids/,
  },
  {
    name: 'query: two ids that share a responses file',
    args: query('--base-url', CLOSED),
    setup: queryFiles({ 'models.txt': 'org/a\norg__a\n' }),
    exit: 2,
    stderr: /models\.txt line 2: model "org__a" repeats line 1/,
  },
  {
    name: 'query: an output folder under a file is refused before anything is sent',
    args: [
      'query',
      '--items',
      'items.jsonl',
      '--models-file',
      'models.txt',
      '--output-dir',
      'notes.txt/responses',
      '--base-url',
      CLOSED,
      '--json',
    ],
    setup: queryFiles({ 'notes.txt': 'x' }),
    exit: 2,
    stderr: /cannot write notes\.txt\/responses: notes\.txt is a file, not a folder/,
    json: errorCode('output_unwritable'),
  },
  {
    name: 'query: no endpoint anywhere',
    args: query('--json'),
    setup: queryFiles(),
    exit: 2,
    stderr: /no endpoint: pass --base-url or set EVAL_BASE_URL/,
    json: errorCode('endpoint_missing'),
    env: { EVAL_BASE_URL: '' },
  },
  {
    name: 'query: a base URL that is not http(s)',
    args: query('--base-url', 'ftp://127.0.0.1/v1'),
    setup: queryFiles(),
    exit: 2,
    stderr: /is not an http\(s\) URL/,
  },
  {
    name: 'query: an input with a lone surrogate is warned about before it is sent',
    args: query('--base-url', CLOSED, '--json'),
    setup: queryFiles({
      'items.jsonl': '{"input": "Podaj \\ud800 formę", "gold": "x"}\n',
    }),
    exit: 2,
    json: (doc) =>
      expect(doc).toMatchObject({
        warnings: [{ item: 1, code: 'lone_surrogate' }],
        halted: { code: 'endpoint_unreachable' },
      }),
    timeoutSeconds: 10,
  },
  {
    name: 'query: --concurrency 0 is a usage error',
    args: query('--base-url', CLOSED, '--concurrency', '0', '--json'),
    setup: queryFiles(),
    exit: 2,
    stderr: /expected an integer ≥ 1/,
    json: errorCode('usage'),
  },
  {
    name: 'query: --timeout 0 is a usage error',
    args: query('--base-url', CLOSED, '--timeout', '0'),
    setup: queryFiles(),
    exit: 2,
    stderr: /expected a number of seconds > 0/,
  },
  {
    name: 'query: an items file with a broken line names it',
    args: query('--base-url', CLOSED),
    setup: queryFiles({ 'items.jsonl': '{"input": "a", "gold": "b"}\n{"input": \n' }),
    exit: 2,
    stderr: /items\.jsonl line 2: invalid_json/,
  },
  {
    name: 'query: a responses file that is a folder',
    args: query('--base-url', CLOSED),
    setup: queryFiles({ 'models.txt': 'b\n', 'responses/b.jsonl/': '' }),
    stdout: /^endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\n/,
    exit: 2,
    stderr: /responses\/b\.jsonl/,
  },

  {
    name: 'query: --api-key without an endpoint',
    args: query('--api-key', 'k', '--json'),
    setup: queryFiles(),
    env: { EVAL_BASE_URL: '' },
    exit: 2,
    stderr: /no endpoint: pass --base-url or set EVAL_BASE_URL/,
    json: errorCode('endpoint_missing'),
  },
  {
    name: 'query: --retries x',
    args: query('--base-url', 'http://127.0.0.1:4/v1', '--retries', 'x'),
    setup: queryFiles(),
    exit: 2,
    stderr: /'--retries <n>' argument 'x' is invalid\. expected an integer ≥ 0/,
  },
  {
    name: 'query: --timeout beyond a day is a usage error (1e9 was an internal error)',
    args: query('--base-url', 'http://127.0.0.1:4/v1', '--timeout', '1e9', '--json'),
    setup: queryFiles(),
    exit: 2,
    stderr: /expected a number of seconds > 0 and ≤ 86400/,
    json: errorCode('usage'),
  },
  {
    name: 'query: an --items that is a named pipe',
    args: ['query', '--items', 'pipe', '--models-file', 'models.txt', '--output-dir', 'r'],
    setup: fifo('pipe', { 'models.txt': 'm\n' }),
    exit: 2,
    stderr: /cannot read pipe: it is a named pipe/,
    timeoutSeconds: 10,
  },
  // rpe evaluate
  {
    name: 'evaluate: --output under a file is one line, before any marking',
    args: evaluate('--output', 'notes.txt/matrix.json', '--json'),
    setup: evaluateFiles({ 'notes.txt': 'x' }),
    exit: 2,
    stderr: /^rpe: cannot write notes\.txt\/matrix\.json: notes\.txt is a file, not a folder\n$/,
    json: errorCode('output_unwritable'),
  },
  {
    name: 'evaluate: --output naming a folder',
    args: evaluate('--output', 'out'),
    setup: evaluateFiles({ 'out/': '' }),
    exit: 2,
    stderr: /cannot write out: it is a folder/,
  },
  {
    name: 'evaluate: --output naming the items file would destroy it: refused',
    args: evaluate('--output', './items.jsonl', '--json'),
    setup: evaluateFiles(),
    exit: 2,
    stderr: /cannot write \.\/items\.jsonl: it is items\.jsonl, an input of this command/,
    json: errorCode('output_unwritable'),
  },
  {
    name: 'evaluate: --output naming a device',
    args: evaluate('--output', '/dev/null'),
    setup: evaluateFiles(),
    exit: 2,
    stderr: /cannot write \/dev\/null: it is not a regular file/,
  },
  {
    name: 'evaluate: every answer missing fails the check, and no matrix is written',
    args: evaluate('--models-file', 'models.txt', '--output', 'matrix.json', '--json'),
    setup: evaluateFiles({ 'models.txt': 'x\ny\n' }),
    exit: 1,
    stderr:
      /no answer in responses for any of the 2 items from any of the 2 model\(s\); no matrix written/,
    json: (doc) => expect(doc).toMatchObject({ status: 'no_answers', output: null, n_models: 2 }),
  },
  {
    name: 'evaluate: an item number written as a string is refused, not read as the line order',
    args: evaluate('--output', 'matrix.json', '--json'),
    setup: evaluateFiles({
      'responses/m.jsonl':
        '{"model":"m","item":"2","response":"forma2"}\n{"model":"m","item":"1","response":"forma1"}\n',
    }),
    exit: 2,
    stderr: /m\.jsonl line 1: item is "2", not a positive integer/,
    json: errorCode('responses_invalid'),
  },
  {
    name: 'evaluate: responses that match no item count as no answer at all',
    args: evaluate('--output', 'matrix.json'),
    setup: evaluateFiles({
      'responses/m.jsonl': '{"input": "inne pytanie", "response": "x"}\n',
    }),
    exit: 1,
    stderr: /no matrix written/,
  },
  {
    name: 'evaluate: with every answer missing, an older matrix is removed',
    args: evaluate('--models-file', 'models.txt', '--output', 'matrix.json', '--json'),
    setup: evaluateFiles({ 'models.txt': 'x\n', 'matrix.json': OLD_MATRIX }),
    exit: 1,
    stderr: /the older matrix\.json was removed/,
    json: (doc) => expect(doc).toMatchObject({ removed_stale_output: true, output: null }),
  },
  {
    name: 'evaluate: an evaluator that rejects the gold fails the check, and the old matrix goes',
    args: evaluate(
      '--output',
      'matrix.json',
      '--evaluator',
      evaluator('rejects-everything'),
      '--json',
    ),
    setup: evaluateFiles({ 'matrix.json': OLD_MATRIX }),
    exit: 1,
    stderr:
      /does not accept the gold of 2 item\(s\); no matrix written; the older matrix\.json was removed/,
    json: (doc) =>
      expect(doc).toMatchObject({
        status: 'gold_rejected',
        output: null,
        removed_stale_output: true,
        gold_check: { ok: false, rejected: [{ item: 1 }, { item: 2 }] },
      }),
  },
  {
    name: 'evaluate: an evaluator together with aliases',
    args: evaluate('--output', 'matrix.json', '--evaluator', evaluator('rejects-everything')),
    setup: evaluateFiles({ 'items.jsonl': '{"input": "a", "gold": "b", "aliases": ["c"]}\n' }),
    exit: 2,
    stderr: /item 1 has aliases: the task forbids a custom evaluator/,
  },
  {
    name: 'evaluate: an evaluator without accept()',
    args: evaluate('--output', 'matrix.json', '--evaluator', evaluator('does-not-load'), '--json'),
    setup: evaluateFiles(),
    exit: 2,
    stderr: /does not load: TypeError: evaluator\.py defines no function accept/,
    json: errorCode('evaluator_unloadable'),
  },
  {
    name: 'evaluate: an evaluator file that does not exist',
    args: evaluate('--output', 'matrix.json', '--evaluator', 'nowhere/evaluator.py'),
    setup: evaluateFiles(),
    exit: 2,
    stderr: /^rpe: cannot read nowhere\/evaluator\.py: no such file\n$/,
  },
  {
    name: 'evaluate: an evaluator that is not Python source',
    args: evaluate('--output', 'matrix.json', '--evaluator', 'items.jsonl'),
    setup: evaluateFiles(),
    exit: 2,
    stderr: /items\.jsonl does not load: ImportError: not a Python source file/,
  },
  {
    name: 'evaluate: a missing responses folder',
    args: [
      'evaluate',
      '--items',
      'items.jsonl',
      '--responses-dir',
      'nowhere',
      '--output',
      'm.json',
    ],
    setup: files({ 'items.jsonl': items(2) }),
    exit: 2,
    stderr: /cannot read nowhere/,
  },
  {
    name: 'evaluate: a responses folder without responses files',
    args: evaluate('--output', 'matrix.json', '--json'),
    setup: files({ 'items.jsonl': items(2), 'responses/': '' }),
    exit: 2,
    stderr: /responses: no \*\.jsonl responses files/,
    json: errorCode('responses_empty'),
  },
  {
    name: 'evaluate: two files holding the same model',
    args: evaluate('--output', 'matrix.json'),
    setup: evaluateFiles({ 'responses/copy.jsonl': answers('m', ['forma1', 'forma2']) }),
    exit: 2,
    stderr: /both hold answers of model m/,
  },
  {
    name: 'evaluate: a models file that is a pipe',
    args: evaluate('--models-file', 'models.txt', '--output', 'matrix.json'),
    setup: fifo('models.txt', { 'items.jsonl': items(2), 'responses/m.jsonl': answers('m', []) }),
    exit: 2,
    stderr: /cannot read models\.txt: it is not a regular file/,
    timeoutSeconds: 10,
  },
  {
    name: 'evaluate: an unknown --sandbox is a usage error',
    args: evaluate('--output', 'matrix.json', '--sandbox', 'vm', '--json'),
    setup: evaluateFiles(),
    exit: 2,
    stderr: /argument 'vm' is invalid/,
    json: errorCode('usage'),
  },

  {
    name: 'evaluate: --image without --evaluator is a usage error, not ignored',
    args: evaluate('--output', 'matrix.json', '--image', 'x'),
    setup: evaluateFiles(),
    exit: 2,
    stderr: /--sandbox, --image and --python say where an --evaluator runs/,
  },
  {
    name: 'evaluate: a --python that does not exist is named',
    args: evaluate(
      '--output',
      'matrix.json',
      '--evaluator',
      evaluator('rejects-everything'),
      '--python',
      'no-such-python',
      '--json',
    ),
    setup: evaluateFiles(),
    exit: 2,
    stderr: /does not load: cannot run no-such-python: no such command/,
    json: errorCode('evaluator_unloadable'),
  },
  {
    name: 'evaluate: --python with --sandbox docker',
    args: evaluate(
      '--output',
      'matrix.json',
      '--evaluator',
      evaluator('rejects-everything'),
      '--sandbox',
      'docker',
      '--python',
      'python3',
    ),
    setup: evaluateFiles(),
    exit: 2,
    stderr: /--python applies to --sandbox none/,
  },
  {
    name: 'evaluate: a --responses-dir that is a file',
    args: [
      'evaluate',
      '--items',
      'items.jsonl',
      '--responses-dir',
      'items.jsonl',
      '--output',
      'm.json',
    ],
    setup: files({ 'items.jsonl': items(1) }),
    exit: 2,
    stderr: /^rpe: cannot read items\.jsonl: it is not a folder\n$/,
  },
  {
    name: 'evaluate: an --items that is a named pipe',
    args: ['evaluate', '--items', 'pipe', '--responses-dir', 'responses', '--output', 'm.json'],
    setup: fifo('pipe', { 'items.jsonl': items(1), 'responses/m.jsonl': '' }),
    exit: 2,
    stderr: /cannot read pipe: it is a named pipe/,
    timeoutSeconds: 10,
  },
  // rpe baselines
  {
    name: 'baselines: --markdown under a file is one line, before the work',
    args: ['baselines', '--items', 'items.jsonl', '--markdown', 'notes.txt/report.md', '--json'],
    setup: files({ 'items.jsonl': items(3), 'notes.txt': 'x' }),
    exit: 2,
    stderr: /^rpe: cannot write notes\.txt\/report\.md: notes\.txt is a file, not a folder\n$/,
    json: errorCode('output_unwritable'),
  },
  {
    name: 'baselines: --markdown naming a folder',
    args: ['baselines', '--items', 'items.jsonl', '--markdown', 'out', '--no-lexicon'],
    setup: files({ 'items.jsonl': items(3), 'out/': '' }),
    exit: 2,
    stderr: /cannot write out: it is a folder/,
  },
  {
    name: 'baselines: --markdown naming the items file is refused',
    args: ['baselines', '--items', 'items.jsonl', '--markdown', 'items.jsonl', '--no-lexicon'],
    setup: files({ 'items.jsonl': items(3) }),
    exit: 2,
    stderr: /cannot write items\.jsonl: it is items\.jsonl, an input of this command/,
  },
  {
    name: 'baselines: a --lexicon that is not a snapshot is an error, not a note',
    args: ['baselines', '--items', 'items.jsonl', '--lexicon', 'items.jsonl', '--json'],
    setup: files({ 'items.jsonl': items(3) }),
    exit: 2,
    stderr: /items\.jsonl: not a morphology snapshot/,
    json: errorCode('lexicon_invalid'),
  },
  {
    name: 'baselines: a --lexicon that does not exist',
    args: ['baselines', '--items', 'items.jsonl', '--lexicon', 'nowhere.sqlite'],
    setup: files({ 'items.jsonl': items(3) }),
    exit: 2,
    stderr: /nowhere\.sqlite: morphology snapshot not found/,
  },
  {
    name: 'baselines: a --meta that is a pipe',
    args: ['baselines', '--items', 'items.jsonl', '--meta', 'meta.jsonl', '--no-lexicon'],
    setup: fifo('meta.jsonl', { 'items.jsonl': items(3) }),
    exit: 2,
    stderr: /cannot read meta\.jsonl: it is not a regular file/,
    timeoutSeconds: 10,
  },
  {
    name: 'baselines: a --meta of another length, and no Markdown left',
    args: ['baselines', '--items', 'items.jsonl', '--meta', 'meta.jsonl', '--markdown', 'r.md'],
    setup: files({ 'items.jsonl': items(3), 'meta.jsonl': '{"family": "a"}\n' }),
    exit: 2,
    stderr: /meta\.jsonl: 1 lines, but items\.jsonl has 3 items/,
  },
  {
    name: 'baselines: --fail-on-shortcuts with a flagged item fails the check with a report',
    args: ['baselines', '--items', 'items.jsonl', '--no-lexicon', '--fail-on-shortcuts', '--json'],
    setup: files({
      'items.jsonl': '{"input": "Przepisz słowo [kot].", "gold": "kot"}\n',
    }),
    exit: 1,
    json: (doc) => expect(doc).toMatchObject({ n_items: 1, n_flagged: 1 }),
  },
  {
    name: 'baselines: an items file that is missing',
    args: ['baselines', '--items', 'missing.jsonl', '--json'],
    exit: 2,
    stderr: /missing\.jsonl/,
  },
];
