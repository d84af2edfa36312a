// Rows for options no other table exercised, and for what a new user trying bad input on each of
// them found: outputs over inputs, named pipes where a file is read, numbers JavaScript would
// take (1e2), options that have no effect where given. See case.ts for what every row must hold.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { packagePath } from '../../../framework/package-root.js';
import type { BadInputCase } from './case.js';
import { all, fifo, file, moduleGenerator } from './hostile-generators.js';

const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });
const items = (n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ input: `Pytanie ${i}`, gold: `o${i}` }))
    .map((line) => `${line}\n`)
    .join('');
// The file at DIR/NAME still holds TEXT after the run: the command did not replace its input.
const unchanged = (name: string, text: string) => (dir: string) =>
  expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
const SUBMISSION = packagePath('tests', 'fixtures', 'submissions', 'good-python');
const GENERATOR = packagePath('examples', 'past-tense-gender');
const REFUSED_ENGINE = 'tcp://127.0.0.1:1';
const MATRIX = '{"models": ["a", "b"], "correct": [[1, 0], [0, 1]]}';
const CSV = 'input,gold\r\nPytanie,odpowiedź\r\n';
const batch = (...extra: string[]) => [
  'sandbox',
  'batch',
  '--submissions',
  'subs',
  '--seeds-file',
  'seeds.txt',
  ...extra,
];
const batchFiles = all(
  (dir) => mkdirSync(join(dir, 'subs', 'a'), { recursive: true }),
  file('seeds.txt', '0 1\n'),
);

export const cases: BadInputCase[] = [
  {
    name: 'sandbox batch: x1/a, x2/a and a-2 get three names and three reports, the rename said',
    args: [
      'sandbox',
      'batch',
      '--local',
      '--submissions',
      'list.txt',
      '--seeds-file',
      'seeds.txt',
      '--out',
      'out',
      '--json',
    ],
    setup: all(
      (dir) => {
        for (const sub of ['x1/a', 'x2/a', 'a-2']) mkdirSync(join(dir, sub), { recursive: true });
      },
      file('list.txt', 'x1/a\nx2/a\na-2\n'),
      file('seeds.txt', '0 1\n'),
    ),
    exit: 0,
    stderr: /^rpe sandbox batch: \S+\/x2\/a is named a-3: another submission is named a$/m,
    json: (doc) => {
      const rows = (doc as { rows: { name: string; source: string; report: string }[] }).rows;
      expect(rows.map((r) => r.name)).toEqual(['a', 'a-3', 'a-2']);
      expect(rows.map((r) => r.source.split('/').slice(-2).join('/'))).toEqual([
        'x1/a',
        'x2/a',
        expect.stringMatching(/\/a-2$/),
      ]);
      expect(new Set(rows.map((r) => r.report)).size).toBe(3);
    },
    // Each report is its own submission's: none was written over by another.
    after: (dir) => {
      const pathOf = (name: string) =>
        (
          JSON.parse(readFileSync(join(dir, 'out', name, 'report.json'), 'utf8')) as {
            submission: { path: string };
          }
        ).submission.path;
      expect([pathOf('a'), pathOf('a-3'), pathOf('a-2')]).toEqual(
        ['x1/a', 'x2/a', 'a-2'].map((sub) => join(dir, sub)),
      );
    },
    allowed: [
      'out',
      'out/.work',
      ...['a', 'a-2', 'a-3'].flatMap((n) => [
        `out/${n}`,
        `out/${n}/report.json`,
        `out/${n}/report.md`,
      ]),
      'out/summary.csv',
      'out/summary.md',
    ],
  },
  // The program itself
  {
    name: 'a group named without its command says which commands it has, in one line',
    args: ['sheet'],
    exit: 2,
    stderr: /^rpe: rpe sheet needs a command: export, import \(rpe sheet --help lists them\)\n$/,
  },
  {
    name: "a mistyped option keeps commander's suggestion on the same line",
    args: ['validate', 'items.jsonl', '--jsn'],
    exit: 2,
    stderr: /^rpe: unknown option '--jsn' \(Did you mean --json\?\) \(rpe validate --help/,
  },
  {
    name: 'version: an argument it does not take',
    args: ['version', 'extra'],
    exit: 2,
    stderr: /too many arguments for 'version'/,
  },
  {
    name: 'version: --json with an argument it does not take is one error document',
    args: ['version', 'extra', '--json'],
    exit: 2,
    stderr: /too many arguments/,
    json: errorCode('usage'),
  },

  // rpe validate, overlap, score, hash
  {
    name: 'validate: --min-items above --max-items is a usage error, not a report',
    args: ['validate', 'items.jsonl', '--min-items', '60', '--max-items', '50', '--json'],
    setup: file('items.jsonl', items(55)),
    exit: 2,
    stderr: /--min-items 60 is above --max-items 50/,
    json: errorCode('usage'),
  },
  {
    name: 'validate: --min-items written as 1e2 is not taken for 100',
    args: ['validate', 'items.jsonl', '--min-items', '1e2'],
    setup: file('items.jsonl', items(3)),
    exit: 2,
    stderr: /'--min-items <n>' argument '1e2' is invalid\. expected an integer ≥ 0/,
  },
  {
    name: 'validate: --max-items below the count fails the check',
    args: ['validate', 'items.jsonl', '--max-items', '2'],
    setup: file('items.jsonl', items(3)),
    exit: 1,
  },
  {
    name: 'overlap: --max above 1',
    args: ['overlap', 'a.jsonl', 'b.jsonl', '--max', '1.5'],
    setup: all(file('a.jsonl', items(2)), file('b.jsonl', items(2))),
    exit: 2,
    stderr: /'--max <fraction>' argument '1\.5' is invalid\. expected a number between 0 and 1/,
  },
  {
    name: 'overlap: --max written as 0x1 is not taken for 1',
    args: ['overlap', 'a.jsonl', 'b.jsonl', '--max', '0x1', '--json'],
    setup: all(file('a.jsonl', items(2)), file('b.jsonl', items(2))),
    exit: 2,
    stderr: /argument '0x1' is invalid/,
    json: errorCode('usage'),
  },
  {
    name: 'overlap: one file is not a pair',
    args: ['overlap', 'a.jsonl'],
    setup: file('a.jsonl', items(2)),
    exit: 2,
    stderr: /overlap needs at least two files/,
  },
  {
    name: 'score: --per-item and --per-pair over a matrix of another shape',
    args: ['score', '--matrix', 'm.json', '--per-item', '--per-pair'],
    setup: file('m.json', '{"models": ["a", "b"], "correct": [[1]]}'),
    exit: 2,
    stderr: /m\.json: correct\.0/,
  },
  {
    name: 'score: a --meta of another length names both files',
    args: ['score', '--matrix', 'm.json', '--meta', 'meta.jsonl', '--json'],
    setup: all(file('m.json', MATRIX), file('meta.jsonl', '{"family": "a"}\n')),
    exit: 2,
    stderr: /meta\.jsonl has 1 lines but the matrix m\.json has 2 items/,
    json: errorCode('meta_mismatch'),
  },
  {
    name: 'hash --check: a file is not a repository (it said ok)',
    args: ['hash', '--check', 'items.jsonl'],
    setup: file('items.jsonl', items(1)),
    exit: 2,
    stderr: /items\.jsonl is not a folder/,
  },

  // rpe lexicon
  {
    name: 'lexicon analyse: an unknown form, in text mode',
    args: ['lexicon', 'analyse', 'kotx'],
    exit: 1,
    stderr: /^rpe: unknown form "kotx"\n$/,
  },
  {
    name: 'lexicon forms: a query value outside the tagset, in text mode',
    args: ['lexicon', 'forms', 'kot', 'subst:plural'],
    exit: 2,
    stderr: /"plural" is not a value of the tagset/,
  },
  {
    name: 'lexicon answer: a missing query, in text mode',
    args: ['lexicon', 'answer', 'kot'],
    exit: 2,
    stderr: /missing required argument 'query'/,
  },
  {
    name: 'lexicon build: a --tsv that is not the dictionary is refused (it built an empty snapshot)',
    args: [
      'lexicon',
      'build',
      '--tsv',
      'items.jsonl',
      '--out',
      'x.sqlite',
      '--allow-version-change',
    ],
    setup: file('items.jsonl', items(2)),
    exit: 2,
    stderr: /items\.jsonl line 1: not a line of the decompiled Morfologik dictionary/,
  },
  {
    name: 'lexicon build: an empty --tsv',
    args: ['lexicon', 'build', '--tsv', 'polish.tsv', '--out', 'x.sqlite'],
    setup: file('polish.tsv', ''),
    exit: 2,
    stderr: /polish\.tsv is empty/,
  },

  // rpe init, generate, provenance
  {
    name: 'init: an empty --name',
    args: ['init', 'gen', '--lang', 'py', '--name', ''],
    exit: 2,
    stderr: /--name must be one line of text, got ""/,
  },
  {
    name: 'init: a --name of two lines',
    args: ['init', 'gen', '--lang', 'py', '--name', 'a\nb', '--json'],
    exit: 2,
    stderr: /--name must be one line of text, got "a\\nb"/,
    json: errorCode('usage'),
  },
  {
    name: 'init: --force does not write into a file',
    args: ['init', 'notes.txt', '--lang', 'py', '--force'],
    setup: file('notes.txt', 'x'),
    exit: 2,
    stderr: /cannot write notes\.txt: it is a file, not a folder/,
    after: unchanged('notes.txt', 'x'),
  },
  {
    name: 'generate: an items file is not a generator (exit 2, not "cannot load")',
    args: ['generate', 'items.jsonl', '--seed', '1', '--out', 'out.jsonl', '--json'],
    setup: file('items.jsonl', items(1)),
    exit: 2,
    stderr: /items\.jsonl: not a generator/,
    json: errorCode('generator_missing'),
  },
  {
    name: 'generate: --out over the --lexicon snapshot is refused before it is opened',
    args: ['generate', 'gen', '--seed', '1', '--out', 'snap.sqlite', '--lexicon', 'snap.sqlite'],
    setup: all(moduleGenerator(), file('snap.sqlite', 'the snapshot')),
    exit: 2,
    stderr: /cannot write snap\.sqlite: it is snap\.sqlite, an input of this command/,
    after: unchanged('snap.sqlite', 'the snapshot'),
  },
  {
    name: "generate: --out over the generator's data/morphology.sqlite",
    args: ['generate', 'gen', '--seed', '1', '--out', 'gen/data/morphology.sqlite', '--json'],
    setup: all(
      moduleGenerator(),
      (dir) => mkdirSync(join(dir, 'gen', 'data')),
      file('gen/data/morphology.sqlite', 'db'),
    ),
    exit: 2,
    stderr: /an input of this command/,
    json: errorCode('output_unwritable'),
    after: unchanged('gen/data/morphology.sqlite', 'db'),
  },
  {
    name: 'provenance: --timeout 0',
    args: ['provenance', 'gen', '--timeout', '0', '--json'],
    setup: moduleGenerator(),
    exit: 2,
    stderr: /--timeout must be a number of seconds above 0/,
    json: errorCode('bad_timeout'),
  },
  {
    name: 'provenance: --out over the generator itself is refused (it replaced it)',
    args: ['provenance', 'gen', '--out', 'gen/generator.mjs'],
    setup: moduleGenerator(),
    exit: 2,
    stderr: /cannot write gen\/generator\.mjs: it is .*generator\.mjs, an input of this command/,
    after: (dir) =>
      expect(readFileSync(join(dir, 'gen', 'generator.mjs'), 'utf8')).toMatch(/defineGenerator/),
  },

  // rpe check and rpe sandbox (refused before any run or engine)
  {
    name: 'check: --jobs 0',
    args: ['check', SUBMISSION, '--jobs', '0'],
    exit: 2,
    stderr: /^rpe: --jobs must be a whole number in digits at least 1 and at most 256, got "0"\n$/,
  },
  {
    name: 'check: --report-dir under a file says why in words',
    args: ['check', SUBMISSION, '--report-dir', 'notes.txt/report', '--json'],
    setup: file('notes.txt', 'x'),
    exit: 2,
    stderr: /cannot write the report into notes\.txt\/report: a part of the path is not a folder/,
    json: errorCode('report_dir_unusable'),
  },
  {
    name: 'sandbox run: --seeds that are not seeds',
    args: ['sandbox', 'run', SUBMISSION, '--seeds', '1,x', '--json'],
    exit: 2,
    stderr: /not a seed: "x"/,
    json: errorCode('bad_seeds'),
  },
  {
    name: 'sandbox run: --memory lots',
    args: ['sandbox', 'run', SUBMISSION, '--memory', 'lots'],
    exit: 2,
    stderr:
      /--memory must be a size such as 2g, 512m or 1048576, at least 1048576 bytes and at most 1024g, got "lots"/,
  },
  {
    name: 'sandbox run: --cpus that is not a number is named as typed',
    args: ['sandbox', 'run', SUBMISSION, '--cpus', 'x'],
    exit: 2,
    stderr: /^rpe: --cpus must be a number in digits above 0 and at most 256, got "x"\n$/,
  },
  {
    name: 'sandbox run: --ref outside a git repository',
    args: ['sandbox', 'run', SUBMISSION, '--ref', 'v1'],
    exit: 2,
    stderr: /--ref needs a git repository/,
  },
  {
    name: 'sandbox run: --report-dir that is a file',
    args: ['sandbox', 'run', SUBMISSION, '--report-dir', 'notes.txt'],
    setup: file('notes.txt', 'x'),
    exit: 2,
    stderr: /notes\.txt is not a folder/,
  },
  {
    name: 'sandbox run: --jobs 0',
    args: ['sandbox', 'run', SUBMISSION, '--jobs', '0', '--json'],
    exit: 2,
    stderr: /--jobs must be a whole number in digits at least 1/,
    json: errorCode('bad_jobs'),
  },
  {
    name: 'sandbox verify: a receipt that is a named pipe is refused, not waited on',
    args: ['sandbox', 'verify', 'pipe'],
    setup: fifo('pipe'),
    exit: 2,
    stderr: /^rpe: cannot read pipe: it is a named pipe, not a regular file\n$/,
    timeoutSeconds: 10,
  },
  {
    name: 'sandbox verify: --jobs 0',
    args: ['sandbox', 'verify', 'report.json', '--jobs', '0'],
    setup: file('report.json', '{}'),
    exit: 2,
    stderr: /--jobs must be a whole number in digits at least 1/,
  },
  {
    name: 'sandbox batch: --out that is a file is refused before any run',
    args: batch('--local', '--out', 'notes.txt'),
    setup: all(batchFiles, file('notes.txt', 'x')),
    exit: 2,
    stderr: /^rpe: cannot write notes\.txt: it is a file, not a folder\n$/,
  },
  {
    name: 'sandbox batch: --memory lots',
    args: batch('--local', '--memory', 'lots'),
    setup: batchFiles,
    exit: 2,
    stderr:
      /--memory must be a size such as 2g, 512m or 1048576, at least 1048576 bytes and at most 1024g, got "lots"/,
  },
  {
    name: 'sandbox batch: --cpus x',
    args: batch('--local', '--cpus', 'x', '--json'),
    setup: batchFiles,
    exit: 2,
    stderr: /--cpus must be a number in digits above 0 and at most 256, got "x"/,
    json: errorCode('bad_limit'),
  },
  {
    name: 'sandbox batch: --seeds-file with a word names the file and the line',
    args: ['sandbox', 'batch', '--submissions', 'subs', '--seeds-file', 'bad.txt', '--local'],
    setup: all(batchFiles, file('bad.txt', '0\n# the rest\n1 x2\n')),
    exit: 2,
    stderr: /^rpe: bad\.txt line 3: not a seed: "x2" \(seeds are non-negative integers\)\n$/,
  },
  {
    name: 'sandbox batch: --seeds-file with a seed twice names the seed and both lines (--json)',
    args: [
      'sandbox',
      'batch',
      '--submissions',
      'subs',
      '--seeds-file',
      'bad.txt',
      '--local',
      '--json',
    ],
    setup: all(batchFiles, file('bad.txt', '0\n1\n0\n')),
    exit: 2,
    stderr: /^rpe: bad\.txt line 3: seed 0 is repeated \(first on line 1\)\n$/,
    json: errorCode('bad_seeds'),
  },
  {
    name: 'sandbox batch: --seeds-file with comments only',
    args: ['sandbox', 'batch', '--submissions', 'subs', '--seeds-file', 'bad.txt', '--local'],
    setup: all(batchFiles, file('bad.txt', '# none yet\n\n')),
    exit: 2,
    stderr: /^rpe: bad\.txt lists no seeds\n$/,
  },
  {
    name: 'sandbox batch: --seeds-file a named pipe',
    args: ['sandbox', 'batch', '--submissions', 'subs', '--seeds-file', 'pipe', '--local'],
    setup: all(batchFiles, fifo('pipe')),
    exit: 2,
    stderr: /cannot read pipe: it is a named pipe/,
    timeoutSeconds: 10,
  },
  {
    name: 'sandbox batch: --submissions a named pipe',
    args: ['sandbox', 'batch', '--submissions', 'pipe', '--seeds-file', 'seeds.txt', '--local'],
    setup: all(batchFiles, fifo('pipe')),
    exit: 2,
    stderr: /cannot read pipe: it is a named pipe/,
    timeoutSeconds: 10,
  },
  {
    name: 'sandbox batch: --submissions a folder with no submission in it (it wrote an empty summary)',
    args: [
      'sandbox',
      'batch',
      '--submissions',
      'none',
      '--seeds-file',
      'seeds.txt',
      '--local',
      '--json',
    ],
    setup: all(batchFiles, (dir) => mkdirSync(join(dir, 'none'))),
    exit: 2,
    stderr: /none holds no submission folders/,
    json: errorCode('submissions_empty'),
  },
  {
    name: 'sandbox batch: --submissions that does not exist says so in words',
    args: ['sandbox', 'batch', '--submissions', 'nowhere', '--seeds-file', 'seeds.txt', '--local'],
    setup: batchFiles,
    exit: 2,
    stderr: /^rpe: cannot read nowhere: no such file or folder\n$/,
  },
  {
    name: 'sandbox doctor: --engines-file a named pipe',
    args: ['sandbox', 'doctor', '--engines-file', 'pipe', '--json'],
    setup: fifo('pipe'),
    exit: 2,
    stderr: /engines file pipe: it is a named pipe/,
    json: errorCode('engines_file_unreadable'),
    timeoutSeconds: 10,
  },
  {
    name: 'images build: --from-registry, --force and --verbose on an engine that does not answer',
    args: [
      'sandbox',
      'images',
      'build',
      '--from-registry',
      '--force',
      '--verbose',
      '--engine',
      REFUSED_ENGINE,
    ],
    exit: 2,
    stderr: /^rpe: no Docker engine answers at tcp:\/\/127\.0\.0\.1:1/,
  },
  {
    name: 'images build: --verbose=1 is one line with the suggestion',
    args: ['sandbox', 'images', 'build', '--verbose=1', '--json'],
    exit: 2,
    stderr: /unknown option '--verbose=1' \(Did you mean --verbose\?\)/,
    json: errorCode('usage'),
  },

  // rpe query, evaluate, baselines, trial
  {
    name: 'baselines: an --items that is a named pipe',
    args: ['baselines', '--items', 'pipe', '--no-lexicon', '--json'],
    setup: fifo('pipe'),
    exit: 2,
    stderr: /cannot read pipe: it is a named pipe/,
    json: errorCode('items_unreadable'),
    timeoutSeconds: 10,
  },
  {
    name: 'trial: --env-file (which Node 20 reads itself) is refused with the new name',
    args: ['trial', GENERATOR, '--models-file', 'models.txt', '--env-file', 'panel.env', '--json'],
    setup: all(
      file('models.txt', 'm\n'),
      file('panel.env', 'EVAL_BASE_URL=http://127.0.0.1:9/v1\n'),
    ),
    exit: 2,
    stderr: /use --dotenv instead/,
    json: errorCode('usage'),
  },
  {
    name: 'trial: --out that is a file is refused before any set is made (it said ENOTDIR)',
    args: ['trial', '--sets', 'a.jsonl', '--items-only', '--out', 'a.jsonl'],
    setup: file('a.jsonl', items(50)),
    exit: 2,
    stderr: /^rpe: cannot write a\.jsonl: it is a file, not a folder\n$/,
  },
  {
    name: 'trial: --sets a named pipe',
    args: ['trial', '--sets', 'pipe', '--items-only'],
    setup: fifo('pipe'),
    exit: 2,
    stderr: /cannot read pipe: it is a named pipe/,
    timeoutSeconds: 10,
  },

  // rpe sheet
  {
    name: 'sheet import: --out over the sheet itself is refused (it replaced the sheet with JSONL)',
    args: ['sheet', 'import', 's.csv', '--out', './s.csv', '--min-items', '1'],
    setup: file('s.csv', CSV),
    exit: 2,
    stderr: /cannot write \.\/s\.csv: it is s\.csv, an input of this command/,
    after: unchanged('s.csv', CSV),
  },
  {
    name: 'sheet import: --min-items above --max-items',
    args: [
      'sheet',
      'import',
      's.csv',
      '--out',
      'o.jsonl',
      '--min-items',
      '5',
      '--max-items',
      '2',
      '--json',
    ],
    setup: file('s.csv', CSV),
    exit: 2,
    stderr: /--min-items 5 is above --max-items 2/,
    json: errorCode('usage'),
  },
  {
    name: 'sheet export: an items file that is a named pipe',
    args: ['sheet', 'export', 'pipe', '--out', 'r.csv'],
    setup: fifo('pipe'),
    exit: 2,
    stderr: /cannot read pipe: it is a named pipe/,
    timeoutSeconds: 10,
  },
  {
    name: 'sheet export: --out over the --meta file',
    args: ['sheet', 'export', 'items.jsonl', '--meta', 'm.csv', '--out', 'm.csv', '--json'],
    setup: all(file('items.jsonl', items(1)), file('m.csv', '{"family": "a"}\n')),
    exit: 2,
    stderr: /cannot write m\.csv: it is m\.csv, an input of this command/,
    json: errorCode('output_unwritable'),
  },
  {
    name: 'sheet export: --sample 1e1',
    args: ['sheet', 'export', 'items.jsonl', '--out', 'r.csv', '--sample', '1e1', '--seed', '1'],
    setup: file('items.jsonl', items(3)),
    exit: 2,
    stderr: /'--sample <n>' argument '1e1' is invalid/,
  },
];
