// Rows for receipts edited by hand: rpe sandbox verify reads a receipt as untrusted input and
// refuses, before anything runs, what no check could have written. See case.ts.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BadInputCase } from './case.js';
import { receipt, SHA } from './receipt-fixture.js';

const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });

export const cases: BadInputCase[] = [
  {
    name: 'sandbox verify --expect-sha256: not a sha256',
    args: ['sandbox', 'verify', 'report.json', '--local', '--expect-sha256', 'abc'],
    setup: receipt(),
    exit: 2,
    stderr: /^rpe: --expect-sha256 must be a sha256 \(64 hex digits\), got "abc"\n$/,
  },
  {
    name: 'sandbox verify --expect-sha256: a receipt that is not the published one, refused before any run',
    args: ['sandbox', 'verify', 'report.json', '--local', '--expect-sha256', SHA, '--json'],
    setup: receipt(),
    exit: 1,
    stderr:
      /report\.json has sha256 [0-9a-f]{64}, not the expected a{64}: it is not the published receipt/,
    json: errorCode('receipt_not_pinned'),
  },
  {
    name: 'sandbox verify: a kept set named by `..` is refused, nothing outside read',
    args: ['sandbox', 'verify', 'report.json', '--local', '--json'],
    setup: receipt((r) => {
      for (const seed of r.seeds) seed.set.file = '../../../../etc/passwd';
    }),
    exit: 2,
    stderr:
      /report\.json is not a report: seeds\.0\.set\.file: must be a relative, normalised path/,
    json: errorCode('receipt_invalid'),
  },
  {
    name: 'sandbox verify: a kept set that is a FIFO is refused, not waited on',
    args: ['sandbox', 'verify', 'report.json', '--local'],
    setup: (dir) => {
      receipt()(dir);
      execFileSync('mkfifo', [join(dir, 'seed-0.jsonl')]);
    },
    exit: 2,
    stderr: /seed-0\.jsonl \(the kept set of seed 0\) is a named pipe, not a regular file/,
  },
  {
    name: 'sandbox verify: an entrypoint outside the tree is refused',
    args: ['sandbox', 'verify', 'report.json', '--local', '--json'],
    setup: receipt((r) => {
      r.entrypoint.file = '../../x/evil.py';
    }),
    exit: 2,
    stderr: /report\.json is not a report: entrypoint\.file: must be a relative, normalised path/,
    json: errorCode('receipt_invalid'),
  },
  {
    name: 'sandbox verify: a timeout no timer can hold is refused, no Node warning',
    args: ['sandbox', 'verify', 'report.json', '--local'],
    setup: receipt((r) => {
      r.limits.timeout_seconds = 1e12;
    }),
    exit: 2,
    stderr: /^rpe: report\.json is not a report: limits\.timeout_seconds: .*\n$/,
  },
  {
    name: 'sandbox verify: a remote helper as the repository to clone is refused',
    args: ['sandbox', 'verify', 'report.json', '--local', '--json'],
    setup: receipt((r) => {
      r.submission.source = {
        url: 'ext::sh -c touch% /tmp/x',
        ref: 'v1',
        commit: SHA.slice(0, 40),
      };
    }),
    exit: 2,
    stderr: /submission\.source\.url: must not name a git remote helper/,
    json: errorCode('receipt_invalid'),
  },
];
