// Rows for rpe init and for the options rpe check reads before it runs anything.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { packagePath } from '../../../framework/package-root.js';
import type { BadInputCase } from './case.js';
import { file } from './hostile-generators.js';

const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });
const submission = packagePath('tests', 'fixtures', 'submissions', 'good-python');

export const cases: BadInputCase[] = [
  {
    name: 'init: a folder under a file is one clear line, and no staging folder is left',
    args: ['init', 'notes.txt/gen', '--lang', 'py', '--json'],
    setup: file('notes.txt', 'x'),
    exit: 2,
    stderr: /cannot write notes\.txt\/gen: .*notes\.txt is a file, not a folder/,
    json: errorCode('output_unwritable'),
  },
  {
    name: 'init: the target is a file',
    args: ['init', 'notes.txt', '--lang', 'ts'],
    setup: file('notes.txt', 'x'),
    exit: 2,
    stderr: /cannot write notes\.txt: it is a file, not a folder/,
  },
  {
    name: 'init: a folder that is not empty',
    args: ['init', 'gen', '--lang', 'py', '--json'],
    setup: (dir) => {
      mkdirSync(join(dir, 'gen'));
      file(join('gen', 'keep.txt'), 'mine')(dir);
    },
    exit: 2,
    stderr: /gen: folder is not empty \(use --force/,
    json: errorCode('init_not_empty'),
  },
  {
    name: 'check: --seeds -1 is refused like generate --seed -1',
    args: ['check', submission, '--seeds', '-1', '--json'],
    exit: 2,
    stderr: /seed/,
  },
];
