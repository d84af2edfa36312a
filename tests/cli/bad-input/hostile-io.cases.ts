// Rows for hostile addresses, paths and numbers given to the panel commands, init and the
// runners: a server that redirects elsewhere, a password in the base URL, outputs on /proc,
// numbers JavaScript would read in its own way. See case.ts for what every row must hold.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { packagePath } from '../../../framework/package-root.js';
import type { BadInputCase } from './case.js';

const items = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({ input: `Podaj formę ${i + 1}`, gold: `forma${i + 1}` }),
  ).join('\n') + '\n';
const files =
  (tree: Record<string, string>) =>
  (dir: string): void => {
    for (const [name, text] of Object.entries(tree)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
  };
const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });
const queryFiles = files({ 'items.jsonl': items(3), 'models.txt': 'org/a\nb\n' });
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
const NO_ENV = { EVAL_BASE_URL: '', EVAL_API_KEY: '' };
const SUBMISSION = packagePath('tests', 'fixtures', 'submissions', 'good-python');

// A server in its own process (the row's run blocks this one) that answers every request with a
// redirect (the status in argv) to another port, and ends by itself; its address goes into the
// row's .env.
const REDIRECTOR = `
const http = require('node:http');
const fs = require('node:fs');
const server = http.createServer((req, res) => {
  req.resume();
  res.writeHead(Number(process.argv[2]), { location: 'http://127.0.0.1:4/elsewhere/chat/completions' }).end();
});
server.listen(0, '127.0.0.1', () => {
  // Whole or not at all: the row's set-up reads the file as soon as it exists.
  fs.writeFileSync(process.argv[1] + '.part', 'EVAL_BASE_URL=http://127.0.0.1:' + server.address().port + '/v1\\n');
  fs.renameSync(process.argv[1] + '.part', process.argv[1]);
});
setTimeout(() => process.exit(0), 180000).unref();
server.unref();
setInterval(() => undefined, 1000);
`;

const startRedirector = (status: number) => (dir: string) => {
  queryFiles(dir);
  const env = join(dir, '.env');
  const child = spawn(process.execPath, ['-e', REDIRECTOR, env, String(status)], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  const wait = new Int32Array(new SharedArrayBuffer(4));
  // Up to 120 s: a loaded machine may take long to start the server, and this row is not about time.
  for (let i = 0; i < 2400 && !existsSync(env); i++) Atomics.wait(wait, 0, 0, 50);
  expect(readFileSync(env, 'utf8')).toMatch(/^EVAL_BASE_URL=/);
};

const answers = (model: string, list: string[]) =>
  list.map((response, i) => `${JSON.stringify({ model, item: i + 1, response })}\n`).join('');
const evaluateFiles = files({
  'items.jsonl': items(2),
  'models.txt': 'm\n',
  'responses/m.jsonl': answers('m', ['forma1', 'zle']),
});
const unchanged = (name: string, text: string) => (dir: string) =>
  expect(readFileSync(join(dir, name), 'utf8')).toBe(text);

// Processes whose command line holds the marker of the starts-a-child (or starts-a-daemon) evaluator.
function markedProcesses(marker = 'rpe-evaluator-child-marker'): string[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    });
}

// rpe evaluate of evaluateFiles, up to the --output path.
const EVALUATE_TO = [
  'evaluate',
  '--items',
  'items.jsonl',
  '--responses-dir',
  'responses',
  '--output',
];

// A row that evaluates two answers with one of the hostile evaluator fixtures, and succeeds.
const evaluateWith = (evaluator: string): Omit<BadInputCase, 'name'> => ({
  args: [
    ...EVALUATE_TO,
    'matrix.json',
    '--evaluator',
    packagePath('tests', 'fixtures', 'panel', 'evaluators', evaluator, 'evaluator.py'),
    '--json',
  ],
  setup: evaluateFiles,
  exit: 0,
  json: (doc) => expect(doc).toMatchObject({ status: 'ok', output: 'matrix.json' }),
  allowed: ['matrix.json'],
});

export const cases: BadInputCase[] = [
  {
    ...evaluateWith('starts-a-child'),
    name: 'evaluate: a child the evaluator starts neither holds evaluate nor outlives it',
    after: () => expect(markedProcesses()).toEqual([]),
  },
  {
    ...evaluateWith('starts-a-daemon'),
    name: 'evaluate: a daemon the evaluator starts in a session of its own does not outlive it',
    after: () => expect(markedProcesses('rpe-evaluator-daemon-marker')).toEqual([]),
  },
  {
    ...evaluateWith('writes-junk-replies'),
    name: 'evaluate: protocol lines that are not objects are skipped, not an internal error or a hang',
    after: (dir) =>
      expect(JSON.parse(readFileSync(join(dir, 'matrix.json'), 'utf8'))).toMatchObject({
        models: ['m'],
      }),
  },
  {
    name: 'baselines: 200 items of 1950 dashes before " czy" finish (the patterns are linear)',
    args: ['baselines', '--items', 'items.jsonl', '--no-lexicon', '--json'],
    setup: files({
      'items.jsonl':
        Array.from({ length: 200 }, (_, i) =>
          JSON.stringify({ input: `${'-'.repeat(1950)} czy ${i}`, gold: `g${i}` }),
        ).join('\n') + '\n',
    }),
    exit: 0,
    json: (doc) => expect(doc).toMatchObject({ n_items: 200 }),
  },
  {
    name: 'evaluate: --output naming the --models-file is refused before any work',
    args: [
      'evaluate',
      '--items',
      'items.jsonl',
      '--responses-dir',
      'responses',
      '--models-file',
      'models.txt',
      '--output',
      'models.txt',
      '--json',
    ],
    setup: evaluateFiles,
    exit: 2,
    stderr: /^rpe: cannot write models\.txt: it is models\.txt, an input of this command\n$/,
    json: errorCode('output_unwritable'),
    after: unchanged('models.txt', 'm\n'),
  },
  {
    name: 'evaluate: --output naming a responses file is refused',
    args: [...EVALUATE_TO, 'responses/m.jsonl'],
    setup: evaluateFiles,
    exit: 2,
    stderr: /cannot write responses\/m\.jsonl: it is responses\/m\.jsonl, an input of this command/,
    after: unchanged('responses/m.jsonl', answers('m', ['forma1', 'zle'])),
  },
  {
    name: 'evaluate: with no answers, a file at --output that is not a matrix is not removed as stale',
    args: [...EVALUATE_TO, 'notes.json', '--json'],
    setup: files({
      'items.jsonl': items(2),
      'responses/m.jsonl': '',
      'notes.json': '{"mine": true}\n',
    }),
    exit: 1,
    json: (doc) => expect(doc).toMatchObject({ status: 'no_answers', removed_stale_output: false }),
    after: unchanged('notes.json', '{"mine": true}\n'),
  },
  {
    name: 'score: --markdown naming the --matrix is refused',
    args: ['score', '--matrix', 'm.json', '--markdown', 'm.json'],
    setup: files({ 'm.json': '{"models": ["a"], "correct": [[1]]}\n' }),
    exit: 2,
    stderr: /cannot write m\.json: it is m\.json, an input of this command/,
  },
  {
    name: 'baselines: --markdown naming --items through another path is refused',
    args: ['baselines', '--items', 'items.jsonl', '--markdown', './sub/../items.jsonl', '--json'],
    setup: files({ 'items.jsonl': items(60), 'sub/x': '' }),
    exit: 2,
    stderr:
      /cannot write \.\/sub\/\.\.\/items\.jsonl: it is items\.jsonl, an input of this command/,
    json: errorCode('output_unwritable'),
  },
  {
    name: 'lexicon build: --out naming its own --tsv is refused before anything is read',
    args: ['lexicon', 'build', '--tsv', 't.tsv', '--out', 't.tsv'],
    setup: files({ 't.tsv': 'kot;kot;subst:sg:nom:m2\n' }),
    exit: 2,
    stderr: /^rpe: cannot write t\.tsv: it is t\.tsv, an input of this command/,
    after: unchanged('t.tsv', 'kot;kot;subst:sg:nom:m2\n'),
  },
  {
    name: 'tune: --out naming its own pool (--items) is refused before anything is read',
    args: [
      'tune',
      '--items',
      'pool.jsonl',
      '--matrix',
      'm.json',
      '--n',
      '50',
      '--out',
      'pool.jsonl',
    ],
    setup: files({ 'pool.jsonl': '{"input":"a","gold":"b"}\n', 'm.json': '{}' }),
    exit: 2,
    stderr: /^rpe: cannot write pool\.jsonl: it is pool\.jsonl, an input of this command/,
    after: unchanged('pool.jsonl', '{"input":"a","gold":"b"}\n'),
  },
  {
    name: 'query: a responses file that is a symbolic link is refused; its target is not written',
    args: query('--base-url', 'http://127.0.0.1:4/v1', '--json'),
    setup: (dir) => {
      queryFiles(dir);
      writeFileSync(join(dir, 'victim.txt'), 'keep\n');
      mkdirSync(join(dir, 'responses'));
      symlinkSync(join(dir, 'victim.txt'), join(dir, 'responses', 'org__a.jsonl'));
    },
    exit: 2,
    stderr: /responses\/org__a\.jsonl is a symbolic link: a responses file must be a regular file/,
    json: errorCode('cache_unreadable'),
    after: unchanged('victim.txt', 'keep\n'),
  },
  {
    name: 'query: --items that is a responses file of the run is refused',
    args: [
      'query',
      '--items',
      'responses/org__a.jsonl',
      '--models-file',
      'models.txt',
      '--output-dir',
      'responses',
      '--base-url',
      'http://127.0.0.1:4/v1',
    ],
    setup: files({ 'responses/org__a.jsonl': items(3), 'models.txt': 'org/a\n' }),
    exit: 2,
    stderr:
      /cannot write responses\/org__a\.jsonl: it is responses\/org__a\.jsonl, an input of this command/,
  },
  ...[301, 302, 307, 308].map((status): BadInputCase => ({
    name: `query: a ${status} to another address is refused in one line naming both, nothing sent there`,
    args: query('--json'),
    setup: startRedirector(status),
    env: NO_ENV,
    exit: 2,
    stderr: new RegExp(
      `^rpe: http://127\\.0\\.0\\.1:\\d+/v1/chat/completions redirects \\(HTTP ${status}\\) to http://127\\.0\\.0\\.1:4/elsewhere/chat/completions, another address: not followed`,
    ),
    // The requests in flight at once are refused and the run halts, the failure saying why.
    json: (doc) => {
      const result = doc as { requests: number; halted: unknown; failures: { status: string }[] };
      expect(result).toMatchObject({ halted: { code: 'redirect_refused' } });
      expect(result.failures.map((f) => f.status)).toEqual(['redirect_refused']);
    },
    timeoutSeconds: 60,
  })),
  {
    name: 'trial: a 308 to another address stops the model at its first item; the reason is in --json',
    args: [
      'trial',
      '--sets',
      'set.jsonl',
      '--models-file',
      'models.txt',
      '--out',
      'trial',
      '--json',
    ],
    setup: (dir) => {
      startRedirector(308)(dir);
      files({ 'set.jsonl': items(50), 'models.txt': 'org/a\n' })(dir);
    },
    env: NO_ENV,
    exit: 2,
    stderr: /^rpe: set\.jsonl: answers are missing/,
    json: (doc) =>
      expect(doc).toMatchObject({
        status: 'incomplete',
        query: {
          models: [{ model: 'org/a', answered: 0, failed: 1, skipped: 49 }],
          halted: { code: 'redirect_refused' },
        },
      }),
    allowed: ['trial', 'trial/set-1', 'trial/set-1/items.jsonl'],
    timeoutSeconds: 60,
  },
  {
    name: 'query: a password in --base-url is refused and never shown',
    args: query('--base-url', 'http://user:s3cr3t@127.0.0.1:4/v1', '--json'),
    setup: queryFiles,
    env: NO_ENV,
    exit: 2,
    stderr: /^rpe: the base URL http:\/\/\*\*\*@127\.0\.0\.1:4\/v1 holds a user name or password/,
    json: (doc) => {
      expect(doc).toMatchObject({ error: { code: 'endpoint_invalid' } });
      expect(JSON.stringify(doc)).not.toMatch(/s3cr3t|user:/);
    },
  },
  {
    name: 'query: a password in EVAL_BASE_URL is refused and never shown',
    args: query(),
    setup: queryFiles,
    env: { EVAL_BASE_URL: 'http://user:s3cr3t@127.0.0.1:4/v1', EVAL_API_KEY: '' },
    exit: 2,
    stderr:
      /^rpe: the base URL http:\/\/\*\*\*@127\.0\.0\.1:4\/v1 holds a user name or password[^\n]*\n$/,
  },
  {
    name: 'query: --retries 999999999999 is refused at the cap',
    args: query('--base-url', 'http://127.0.0.1:4/v1', '--retries', '999999999999', '--json'),
    setup: queryFiles,
    exit: 2,
    stderr: /--retries <n>' argument '999999999999' is invalid\. expected an integer ≥ 0 and ≤ 20/,
    json: errorCode('usage'),
  },
  {
    name: 'query: --timeout 0x10 is refused, not read as 16',
    args: query('--base-url', 'http://127.0.0.1:4/v1', '--timeout', '0x10'),
    setup: queryFiles,
    exit: 2,
    stderr:
      /--timeout <seconds>' argument '0x10' is invalid\. expected a number of seconds > 0 and ≤ 86400/,
  },
  {
    name: 'query: --output-dir under /proc is refused at once, not a hang',
    args: query('--base-url', 'http://127.0.0.1:4/v1', '--output-dir', '/proc/rpe-x/y', '--json'),
    setup: queryFiles,
    exit: 2,
    stderr: /cannot write \/proc\/rpe-x\/y[^:]*: it is on the proc pseudo file system/,
    json: errorCode('output_unwritable'),
    timeoutSeconds: 20,
  },
  {
    name: 'trial: --out under /proc is refused at once, not a hang',
    args: [
      'trial',
      '--out',
      '/proc/rpe-x',
      '--items-only',
      '--json',
      '--sets',
      'a.jsonl',
      'b.jsonl',
    ],
    setup: files({ 'a.jsonl': items(60), 'b.jsonl': items(60) }),
    exit: 2,
    stderr: /\/proc\/rpe-x: it is on the proc pseudo file system/,
    timeoutSeconds: 20,
  },
  {
    name: 'init: a folder under /proc is refused at once, not a hang',
    args: ['init', '/proc/rpe-x', '--lang', 'py'],
    exit: 2,
    stderr: /^rpe: cannot write \/proc\/rpe-x: it is on the proc pseudo file system\n$/,
    timeoutSeconds: 20,
  },
  {
    name: 'sandbox run: --jobs 1e3 is refused, not read as 1000',
    args: ['sandbox', 'run', SUBMISSION, '--jobs', '1e3', '--json'],
    exit: 2,
    stderr:
      /^rpe: --jobs must be a whole number in digits at least 1 and at most 256, got "1e3"\n$/,
    json: errorCode('bad_jobs'),
  },
  {
    name: 'check: --jobs 0x10 is refused, not read as 16',
    args: ['check', SUBMISSION, '--jobs', '0x10'],
    exit: 2,
    stderr:
      /^rpe: --jobs must be a whole number in digits at least 1 and at most 256, got "0x10"\n$/,
  },
  {
    name: 'check: --memory 99999999999999999g is refused at the range',
    args: ['check', SUBMISSION, '--memory', '99999999999999999g', '--json'],
    exit: 2,
    stderr:
      /--memory must be a size such as 2g, 512m or 1048576, at least 1048576 bytes and at most 1024g, got "99999999999999999g"/,
    json: errorCode('bad_size'),
  },
  {
    name: 'sandbox run: --cpus 1e9 is refused at the range, not asked of the engine',
    args: ['sandbox', 'run', SUBMISSION, '--cpus', '1000000000', '--json'],
    exit: 2,
    stderr: /^rpe: --cpus must be a number in digits above 0 and at most 256, got "1000000000"\n$/,
    json: errorCode('bad_limit'),
  },
  {
    name: 'sheet import: --delimiter CR is named with the CR escaped, on one line',
    args: ['sheet', 'import', 's.csv', '--out', 'items.jsonl', '--delimiter', '\r'],
    setup: files({ 's.csv': 'input,gold\n' }),
    exit: 2,
    stderr: /^rpe: option '--delimiter <char>' argument '\\r' is invalid[^\r]*\n$/,
  },
];
