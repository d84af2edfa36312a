// Rows for the check, its report folder, batches, receipts and the data hash. See case.ts.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { commitAll } from '../../test-git.js';
import type { BadInputCase } from './case.js';
import { receipt } from './receipt-fixture.js';

const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });

// A generator of 60 valid items, without the files the task asks for beside it.
const GENERATOR = [
  'import argparse, json',
  'p = argparse.ArgumentParser(); p.add_argument("--seed", type=int); p.add_argument("--out")',
  'a = p.parse_args()',
  'with open(a.out, "w") as f:',
  '    for i in range(60): f.write(json.dumps({"input": f"P {a.seed}.{i}", "gold": "x"}) + "\\n")',
  '',
].join('\n');

function repository(dir: string): void {
  writeFileSync(join(dir, 'generate.py'), GENERATOR);
  commitAll(dir);
}

// A receipt of the current schema for a batch submission whose folder and repository are gone.
const goneReceipt = receipt((r, dir) => {
  r.seeds = [];
  r.submission = {
    ...r.submission,
    path: join(dir, 'gone'),
    selection: 'git',
    commit: 'a'.repeat(40),
    ref: 'HEAD',
    tree_hash: `sha256:${'0'.repeat(64)}`,
    source: { url: join(dir, 'no-such-repository'), ref: 'v1', commit: 'a'.repeat(40) },
  };
});

export const cases: BadInputCase[] = [
  {
    name: 'check: --ref outside a git repository is refused before anything runs',
    args: ['check', 'sub', '--ref', 'v1', '--json'],
    setup: (dir) => {
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'sub', 'generate.py'), GENERATOR);
    },
    exit: 2,
    stderr: /--ref needs a git repository: sub is not the top folder of one/,
    json: errorCode('not_a_repository'),
  },
  {
    name: 'check: a --ref the repository does not have',
    args: ['check', '.', '--ref', 'nope', '--json'],
    setup: repository,
    exit: 2,
    stderr: /has no commit or tag "nope"/,
    json: errorCode('git_ref_missing'),
  },
  {
    name: 'check: a --report-dir that is a file fails before the runs',
    args: ['check', '.', '--report-dir', 'taken', '--json'],
    setup: (dir) => {
      writeFileSync(join(dir, 'generate.py'), GENERATOR);
      writeFileSync(join(dir, 'taken'), 'a file\n');
    },
    exit: 2,
    stderr: /taken is not a folder/,
    json: errorCode('report_dir_unusable'),
  },
  {
    name: 'check: an incomplete submission fails the check with one JSON report',
    args: ['check', '.', '--seeds', '0,1', '--json'],
    setup: (dir) => writeFileSync(join(dir, 'generate.py'), GENERATOR),
    exit: 1,
    json: (doc) =>
      expect(doc).toMatchObject({
        verdict: 'incomplete',
        reasons: [
          { code: 'required_file_missing', class: 'incomplete' },
          { code: 'required_file_missing', class: 'incomplete' },
          { code: 'required_file_missing', class: 'incomplete' },
        ],
      }),
    timeoutSeconds: 60,
  },
  {
    name: 'sandbox batch --rerun: a submissions list that does not exist',
    args: [
      'sandbox',
      'batch',
      '--submissions',
      'missing.txt',
      '--seeds-file',
      's.txt',
      '--local',
      '--rerun',
      '--json',
    ],
    setup: (dir) => writeFileSync(join(dir, 's.txt'), '1 2\n'),
    exit: 2,
    stderr: /cannot read missing\.txt/,
  },
  {
    name: 'sandbox verify: a receipt of a schema this toolkit does not know',
    args: ['sandbox', 'verify', 'report.json', '--json'],
    setup: (dir) => writeFileSync(join(dir, 'report.json'), '{"schema": "rpe-report/9"}'),
    exit: 2,
    stderr:
      /schema rpe-report\/9, which this toolkit cannot read \(it reads rpe-report\/1, rpe-report\/2\)/,
    json: errorCode('receipt_schema_unknown'),
  },
  {
    name: 'sandbox verify: a gone folder whose recorded repository cannot be cloned',
    args: ['sandbox', 'verify', 'report.json', '--local', '--json'],
    setup: goneReceipt,
    exit: 2,
    stderr: /git clone failed: /,
    json: errorCode('git_failed'),
  },
  {
    // The local install step needs pip; a python3 without it is this machine's failure, not the
    // submission's (the row's python3 answers the probe, has no venv and no pip).
    name: "check: requirements.txt to install, and this machine's python3 has no pip",
    args: ['check', 'sub', '--json'],
    env: { PATH: `./bin:${process.env.PATH ?? '/usr/bin:/bin'}` },
    setup: (dir) => {
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'sub', 'generate.py'), GENERATOR);
      writeFileSync(join(dir, 'sub', 'requirements.txt'), 'rpe-tiny-dep==1.0.0\n');
      mkdirSync(join(dir, 'bin'));
      const python = join(dir, 'bin', 'python3');
      writeFileSync(
        python,
        [
          '#!/bin/sh',
          'case "$*" in',
          `  *sys.executable*) echo '${python}' ;;`,
          "  *'-m pip'*) echo 'python3: No module named pip' >&2; exit 1 ;;",
          '  *) exit 1 ;;',
          'esac',
          '',
        ].join('\n'),
      );
      chmodSync(python, 0o755);
    },
    exit: 2,
    stderr:
      /^rpe: pip \(python3 -m pip\) is needed to install the submission's dependencies for a local check, and could not start: pip is not installed$/m,
    json: errorCode('installer_missing'),
  },
  {
    name: 'sandbox verify --dir: a folder that is not there is named as given, no clone tried',
    args: ['sandbox', 'verify', 'report.json', '--dir', 'nowhere', '--local'],
    setup: goneReceipt,
    exit: 2,
    stderr: /^rpe: --dir nowhere is not a folder\n$/,
  },
  {
    name: 'hash --check: a dangling data symlink fails, as it does in rpe check',
    args: ['hash', '--check', '.', '--json'],
    setup: (dir) => {
      writeFileSync(join(dir, 'README.md'), '# x\n');
      symlinkSync(join(dir, 'gone'), join(dir, 'data'));
    },
    exit: 1,
    stderr: /data is a symlink; the data folder must be a real folder/,
    json: (doc) => expect(doc).toMatchObject({ ok: false, code: 'data_unsafe_entry' }),
  },
];
