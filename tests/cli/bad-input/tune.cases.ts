// Rows for `rpe tune`: one or more per option. See case.ts for what every row must hold.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { syntheticPool, tenFamilies, writeSyntheticTrial } from '../../panel/synthetic-tune.js';
import type { BadInputCase } from './case.js';

const MODELS = ['a/1', 'a/2', 'b/1', 'c/1'];
// Three families of 20 items per set: a trial of 60 items.
const trial = (dir: string) => {
  const spec = tenFamilies(MODELS, [1, 2]);
  writeSyntheticTrial(join(dir, 'trial'), { ...spec, families: spec.families.slice(4, 7) });
};
const pool =
  (n: number, rows = n) =>
  (dir: string) => {
    const p = syntheticPool(n, MODELS, 2);
    writeFileSync(join(dir, 'pool.jsonl'), p.jsonl);
    writeFileSync(
      join(dir, 'matrix.json'),
      JSON.stringify({ ...p.matrix, correct: p.matrix.correct.slice(0, rows) }),
    );
  };
const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });
const subset = ['tune', '--items', 'pool.jsonl', '--matrix', 'matrix.json'];

export const cases: BadInputCase[] = [
  {
    name: 'tune: neither a trial folder nor --items',
    args: ['tune', '--json'],
    exit: 2,
    stderr: /give a TRIAL folder/,
    json: errorCode('usage'),
  },
  {
    name: 'tune: a folder that is not a finished trial',
    args: ['tune', 'empty'],
    setup: (dir) => mkdirSync(join(dir, 'empty')),
    exit: 2,
    stderr: /empty: no summary\.json: not a finished trial folder/,
  },
  {
    name: 'tune: a trial made with --items-only has no answers',
    args: ['tune', 'trial', '--json'],
    setup: (dir) => {
      trial(dir);
      const path = join(dir, 'trial', 'summary.json');
      const summary = JSON.parse(readFileSync(path, 'utf8'));
      writeFileSync(path, JSON.stringify({ ...summary, panel: null }));
    },
    exit: 2,
    stderr: /made with --items-only: no answers to tune on/,
    json: errorCode('trial_without_answers'),
  },
  {
    name: 'tune: a trial and --items at once',
    args: [...subset, 'trial', '--n', '50', '--out', 'o.jsonl'],
    exit: 2,
    stderr: /not both/,
  },
  {
    name: 'tune --n: outside 50-200',
    args: ['tune', 'trial', '--n', '300'],
    setup: trial,
    exit: 2,
    stderr: /--n.*from 50 to 200, or auto/,
  },
  {
    name: 'tune --n: more items than the trial holds, and no output folder left',
    args: ['tune', 'trial', '--n', '61', '--json'],
    setup: trial,
    exit: 2,
    stderr: /--n 61: the sets of the trial hold only 60 items/,
    json: errorCode('usage'),
  },
  {
    name: 'tune --out: the trial folder itself',
    args: ['tune', 'trial', '--out', 'trial'],
    setup: trial,
    exit: 2,
    stderr: /--out trial is the trial folder/,
  },
  {
    name: 'tune --out: a file where the folder should go',
    args: ['tune', 'trial', '--out', 'taken', '--json'],
    setup: (dir) => {
      trial(dir);
      writeFileSync(join(dir, 'taken'), 'mine\n');
    },
    exit: 2,
    stderr: /cannot write taken: it is a file, not a folder/,
    json: errorCode('output_unwritable'),
  },
  {
    name: 'tune --seed: not a seed',
    args: ['tune', 'trial', '--seed', '-1'],
    setup: trial,
    exit: 2,
    stderr: /--seed must be a whole number/,
  },
  {
    name: 'tune --held-out: not a way to fold',
    args: ['tune', 'trial', '--held-out', 'seed', '--json'],
    setup: trial,
    exit: 2,
    stderr: /--held-out/,
  },
  {
    name: 'tune --models-file: a file that does not exist',
    args: ['tune', 'trial', '--models-file', 'nope.txt', '--json'],
    setup: trial,
    exit: 2,
    stderr: /nope\.txt/,
    json: errorCode('models_unreadable'),
  },
  {
    name: 'tune --items: without --matrix',
    args: ['tune', '--items', 'pool.jsonl', '--n', '50', '--out', 'o.jsonl'],
    setup: pool(60),
    exit: 2,
    stderr: /--items and --matrix go together/,
  },
  {
    name: 'tune --matrix: without --items',
    args: ['tune', '--matrix', 'matrix.json', '--json'],
    setup: pool(60),
    exit: 2,
    stderr: /--items and --matrix go together/,
  },
  {
    name: 'tune --items: no --out for the subset',
    args: [...subset, '--n', '50'],
    setup: pool(60),
    exit: 2,
    stderr: /--items needs --out FILE/,
  },
  {
    name: 'tune --items: no --n',
    args: [...subset, '--out', 'o.jsonl', '--json'],
    setup: pool(60),
    exit: 2,
    stderr: /--items needs --n/,
  },
  {
    name: 'tune --items --out: the pool itself is not replaced',
    args: [...subset, '--n', '50', '--out', 'pool.jsonl'],
    setup: pool(60),
    exit: 2,
    stderr: /cannot write pool\.jsonl: it is pool\.jsonl, an input of this command/,
  },
  {
    name: 'tune --items: an invalid pool line is named, exit 1',
    args: [...subset, '--n', '50', '--out', 'o.jsonl', '--json'],
    setup: (dir) => {
      pool(60)(dir);
      const lines = syntheticPool(60, MODELS, 2).jsonl.split('\n');
      lines[2] = '{"input": "bez złota"}';
      writeFileSync(join(dir, 'pool.jsonl'), lines.join('\n'));
    },
    exit: 1,
    stderr: /pool\.jsonl line 3: missing_field/,
    json: errorCode('invalid_items'),
  },
  {
    name: 'tune --matrix: fewer rows than pool lines',
    args: [...subset, '--n', '50', '--out', 'o.jsonl'],
    setup: pool(60, 59),
    exit: 2,
    stderr: /matrix\.json has 59 rows but the pool pool\.jsonl has 60 items/,
  },
  {
    name: 'tune --matrix: not JSON',
    args: [...subset, '--n', '50', '--out', 'o.jsonl', '--json'],
    setup: (dir) => {
      pool(60)(dir);
      writeFileSync(join(dir, 'matrix.json'), '{"models": [');
    },
    exit: 2,
    stderr: /matrix\.json: not valid JSON/,
    json: errorCode('invalid_matrix'),
  },
  {
    name: 'tune --n auto: a pool too small for any set',
    args: [...subset, '--n', 'auto', '--out', 'o.jsonl'],
    setup: pool(30),
    exit: 2,
    stderr: /the pool has 30 items: too few for a set of at least 50/,
  },
];
