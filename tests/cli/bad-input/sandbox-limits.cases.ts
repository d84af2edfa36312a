// Limit options of `rpe check`, `rpe sandbox run` and `rpe sandbox batch`: each is refused before
// anything runs, with one line and exit 2.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BadInputCase } from './case.js';

const TIMEOUTS = ['0', '-5', 'abc', '2147484', '86401', '1e3', 'Infinity'];
const COMMANDS: string[][] = [['check'], ['sandbox', 'run']];

export const cases: BadInputCase[] = [
  ...COMMANDS.flatMap((command) =>
    TIMEOUTS.map((value): BadInputCase => ({
      name: `${command.join(' ')}: --timeout ${value} is refused`,
      args: [...command, '.', '--timeout', value],
      exit: 2,
      stderr: /^rpe: --timeout must be a positive number of seconds, at most 86400 \(24 h\)/,
    })),
  ),
  {
    name: 'sandbox batch: --timeout 2147484 is refused before any submission runs',
    args: [
      'sandbox',
      'batch',
      '--submissions',
      '.',
      '--seeds-file',
      'seeds.txt',
      '--timeout',
      '2147484',
    ],
    setup: (dir) => writeFileSync(join(dir, 'seeds.txt'), '0,1,2\n'),
    exit: 2,
    stderr: /--timeout must be a positive number of seconds/,
  },
  {
    name: 'check: --memory lots is refused',
    args: ['check', '.', '--memory', 'lots'],
    exit: 2,
    stderr:
      /^rpe: --memory must be a size such as 2g, 512m or 1048576, at least [^\n]* got "lots"\n$/,
  },
];
