// The install step's options of `rpe check`, `rpe sandbox run`, `batch` and `verify`, and the
// runner of `rpe sandbox run`: each is refused before anything runs, with one line and exit 2.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BadInputCase } from './case.js';

const BATCH = ['sandbox', 'batch', '--submissions', '.', '--seeds-file', 'seeds.txt'];
const seeds = (dir: string) => writeFileSync(join(dir, 'seeds.txt'), '0,1\n');

export const cases: BadInputCase[] = [
  ...[['check'], ['sandbox', 'run']].flatMap((command): BadInputCase[] => [
    {
      name: `${command.join(' ')}: --install-network with a space is refused`,
      args: [...command, '.', '--install-network', 'my net'],
      exit: 2,
      stderr: /^rpe: --install-network must name a Docker network .* got "my net"/,
    },
    {
      name: `${command.join(' ')}: --index-url that is not http(s) is refused, --json too`,
      args: [...command, '.', '--index-url', 'file:///wheels', '--json'],
      exit: 2,
      stderr: /^rpe: --index-url must be an http:\/\/ or https:\/\/ URL, got "file:\/\/\/wheels"/,
    },
    {
      name: `${command.join(' ')}: --npm-registry that is not a URL is refused`,
      args: [...command, '.', '--npm-registry', 'registry'],
      exit: 2,
      stderr: /^rpe: --npm-registry must be an http:\/\/ or https:\/\/ URL/,
    },
    {
      name: `${command.join(' ')}: PIP_INDEX_URL that is not a URL is refused, naming the variable`,
      args: [...command, '.'],
      env: { PIP_INDEX_URL: 'pypi' },
      exit: 2,
      stderr: /^rpe: PIP_INDEX_URL must be an http:\/\/ or https:\/\/ URL, got "pypi"/,
    },
  ]),
  {
    name: 'sandbox run: --runner node is refused (auto or python)',
    args: ['sandbox', 'run', '.', '--runner', 'node'],
    exit: 2,
    stderr: /^rpe: --runner must be auto or python, got "node"/,
  },
  {
    name: 'sandbox batch: --install-network with a slash is refused before any submission runs',
    args: [...BATCH, '--install-network', 'a/b', '--json'],
    setup: seeds,
    exit: 2,
    stderr: /--install-network must name a Docker network/,
  },
  {
    name: 'sandbox batch: --index-url ftp is refused',
    args: [...BATCH, '--index-url', 'ftp://x/'],
    setup: seeds,
    exit: 2,
    stderr: /--index-url must be an http:\/\/ or https:\/\/ URL/,
  },
  {
    name: 'sandbox batch: --npm-registry ftp is refused',
    args: [...BATCH, '--npm-registry', 'ftp://x/'],
    setup: seeds,
    exit: 2,
    stderr: /--npm-registry must be an http:\/\/ or https:\/\/ URL/,
  },
  ...(['--install-network', '--index-url', '--npm-registry'] as const).map(
    (flag): BadInputCase => ({
      name: `sandbox verify: a bad ${flag} is refused before the receipt is read`,
      args: ['sandbox', 'verify', 'report.json', flag, flag === '--install-network' ? '.x' : 'x'],
      exit: 2,
      stderr: new RegExp(`^rpe: ${flag} must`),
    }),
  ),
];
