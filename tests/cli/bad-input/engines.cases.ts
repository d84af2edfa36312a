// Rows for the engine options of the sandbox commands (--engine, --engines-file, RPE_ENGINES,
// DOCKER_HOST and its TLS variables). None needs a running engine. See case.ts for the contract.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BadInputCase } from './case.js';

const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });
const write = (files: Record<string, string>) => (dir: string) => {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
};
// A batch whose own arguments are fine, so the engine options are what fails.
const batchArgs = ['sandbox', 'batch', '--submissions', 'subs', '--seeds-file', 'seeds.txt'];
const batchSetup =
  (files: Record<string, string> = {}) =>
  (dir: string) => {
    mkdirSync(join(dir, 'subs', 'team-a'), { recursive: true });
    write({ 'seeds.txt': '0 1\n', ...files })(dir);
  };
// Nothing listens on port 1 of this machine: refused at once.
const REFUSED = 'tcp://127.0.0.1:1';

export const cases: BadInputCase[] = [
  {
    name: 'doctor: an --engine URL of an unknown scheme is named, with the forms that work',
    args: ['sandbox', 'doctor', '--engine', 'ftp://h', '--json'],
    exit: 2,
    stderr:
      /^rpe: --engine ftp:\/\/h: use unix:\/\/\/path\/docker\.sock, tcp:\/\/host\[:port\], ssh:/,
    json: errorCode('engine_url_invalid'),
  },
  {
    name: 'images build: #jobs=0 after an --engine URL',
    args: ['sandbox', 'images', 'build', '--engine', 'tcp://h:2375#jobs=0', '--json'],
    exit: 2,
    stderr: /^rpe: --engine tcp:\/\/h:2375#jobs=0: jobs must be at least 1\n$/,
    json: errorCode('engine_url_invalid'),
  },
  {
    name: 'batch: a relative socket path in --engine',
    args: [...batchArgs, '--engine', 'unix://docker.sock'],
    setup: batchSetup(),
    exit: 2,
    stderr: /^rpe: --engine unix:\/\/docker\.sock: the socket path must be absolute\n$/,
  },
  {
    name: 'doctor: the same --engine twice',
    args: ['sandbox', 'doctor', '--engine', 'unix:///a.sock', '--engine', 'unix:///a.sock'],
    exit: 2,
    stderr: /^rpe: --engine unix:\/\/\/a\.sock is listed twice \(first by --engine\)\n$/,
  },
  {
    name: 'doctor: a missing --engines-file',
    args: ['sandbox', 'doctor', '--engines-file', 'pool.txt', '--json'],
    exit: 2,
    stderr: /^rpe: engines file pool\.txt: no such file\n$/,
    json: errorCode('engines_file_unreadable'),
  },
  {
    name: 'images build: a bad line of the --engines-file is named by file and line',
    args: ['sandbox', 'images', 'build', '--engines-file', 'pool.txt'],
    setup: write({ 'pool.txt': '# the pool\nunix:///a.sock\ntcp://b:2376#cert=/c  # typo\n' }),
    exit: 2,
    stderr:
      /^rpe: pool\.txt line 3: tcp:\/\/b:2376#cert=\/c: unknown setting #cert \(known: #jobs=N, #certs=DIR\)\n$/,
  },
  {
    name: 'batch: an --engines-file that names no engine',
    args: [...batchArgs, '--engines-file', 'pool.txt'],
    setup: batchSetup({ 'pool.txt': '# nothing yet\n\n' }),
    exit: 2,
    stderr: /^rpe: engines file pool\.txt names no engine\n$/,
  },
  {
    name: 'batch: --engine with --local',
    args: [...batchArgs, '--local', '--engine', 'unix:///a.sock', '--json'],
    setup: batchSetup(),
    exit: 2,
    stderr: /--engine and --engines-file choose Docker engines; --local runs without Docker/,
    json: errorCode('engine_with_local'),
  },
  {
    name: 'doctor: a bad URL in RPE_ENGINES',
    args: ['sandbox', 'doctor'],
    env: { RPE_ENGINES: 'unix:///a.sock, tcp://b:2375#cpus=4' },
    exit: 2,
    stderr: /^rpe: RPE_ENGINES: tcp:\/\/b:2375#cpus=4: unknown setting #cpus/,
  },
  {
    name: 'images build: a DOCKER_HOST that is not an engine URL',
    args: ['sandbox', 'images', 'build', '--json'],
    env: { DOCKER_HOST: 'docker.example.org:2375' },
    exit: 2,
    stderr: /^rpe: DOCKER_HOST=docker\.example\.org:2375: use unix:/,
    json: errorCode('engine_url_invalid'),
  },
  {
    name: 'images build: DOCKER_TLS_VERIFY with a DOCKER_CERT_PATH that has no ca.pem',
    args: ['sandbox', 'images', 'build', '--json'],
    env: { DOCKER_HOST: REFUSED, DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: 'certs' },
    setup: (dir) => mkdirSync(join(dir, 'certs')),
    exit: 2,
    stderr:
      /^rpe: cannot use the Docker engine at tcp:\/\/127\.0\.0\.1:1: cannot read certs\/ca\.pem \(the TLS folder from DOCKER_CERT_PATH\): no such file\n$/,
    json: errorCode('engine_tls_files'),
  },
  {
    name: 'doctor: #certs= whose folder has cert.pem without key.pem',
    args: ['sandbox', 'doctor', '--engine', `${REFUSED}#certs=certs`, '--json'],
    setup: (dir) => {
      mkdirSync(join(dir, 'certs'));
      write({ 'certs/ca.pem': 'x', 'certs/cert.pem': 'x' })(dir);
    },
    exit: 1,
    json: (doc) =>
      expect(doc).toMatchObject({
        ok: false,
        engines: [
          {
            status: 'unreachable',
            checks: [
              { detail: expect.stringMatching(/certs\/key\.pem is missing beside cert\.pem/) },
            ],
          },
        ],
      }),
  },
  {
    name: 'images build: an engine that does not answer',
    args: ['sandbox', 'images', 'build', '--engine', REFUSED, '--json'],
    exit: 2,
    stderr:
      /^rpe: no Docker engine answers at tcp:\/\/127\.0\.0\.1:1: connection refused at 127\.0\.0\.1:1\n$/,
    json: errorCode('engine_unreachable'),
  },
  {
    name: 'images build: a pool in which no engine answers names each',
    args: ['sandbox', 'images', 'build', '--engine', REFUSED, '--engine', 'unix:///nowhere.sock'],
    exit: 2,
    stderr:
      /^rpe: no engine of the pool answers: tcp:\/\/127\.0\.0\.1:1 \(connection refused at 127\.0\.0\.1:1\); unix:\/\/\/nowhere\.sock \(no socket at \/nowhere\.sock\)\n$/,
  },
  {
    name: 'batch: the only --engine does not answer',
    args: [...batchArgs, '--engine', REFUSED],
    setup: batchSetup(),
    exit: 2,
    stderr: /^rpe: no Docker engine answers at tcp:\/\/127\.0\.0\.1:1: connection refused/,
  },
  {
    name: 'batch: a pool in which no engine answers names each, before any submission',
    args: [...batchArgs, '--engine', REFUSED, '--engine', 'unix:///nowhere.sock', '--json'],
    setup: batchSetup(),
    exit: 2,
    stderr:
      /^rpe: no engine of the pool answers: tcp:\/\/127\.0\.0\.1:1 \(connection refused at 127\.0\.0\.1:1\); unix:\/\/\/nowhere\.sock \(no socket at \/nowhere\.sock\)\n$/,
    json: errorCode('engine_unreachable'),
  },
  {
    name: 'batch: --jobs 0 over a pool',
    args: [...batchArgs, '--jobs', '0', '--engine', REFUSED],
    setup: batchSetup(),
    exit: 2,
    stderr: /^rpe: --jobs must be a whole number in digits at least 1 and at most 256, got "0"\n$/,
  },
  {
    name: 'doctor: an engine that does not answer fails the check, in its own block',
    args: ['sandbox', 'doctor', '--engine', REFUSED, '--json'],
    exit: 1,
    json: (doc) =>
      expect(doc).toMatchObject({
        ok: false,
        capacity: 0,
        engines: [{ url: REFUSED, status: 'unreachable', ok: false, jobs: 0 }],
      }),
  },
];
