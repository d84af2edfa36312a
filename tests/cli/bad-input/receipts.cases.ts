// Rows for receipts edited by hand: rpe sandbox verify reads a receipt as untrusted input and
// refuses, before anything runs, what no check could have written. See case.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BadInputCase } from './case.js';
import { receipt, SHA } from './receipt-fixture.js';

const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });

// A disqualified receipt whose text says eligible first: JSON.parse keeps the last `verdict`.
function duplicatedVerdict(dir: string): void {
  receipt((r) => {
    r.verdict = 'disqualified';
  })(dir);
  const file = join(dir, 'report.json');
  const text = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    text.replace('"verdict":', '"verd\\u0069ct":"eligible","reasons":[],"verdict":'),
  );
}

// A receipt nested 200,000 levels deep, once more than any recursive reader can take.
function deepReceipt(dir: string): void {
  const n = 200_000;
  writeFileSync(
    join(dir, 'report.json'),
    `{"schema":"rpe-report/2","x":${'['.repeat(n)}${']'.repeat(n)}}`,
  );
}

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
  {
    name: 'sandbox verify --expect-sha256: a repeated key (after escapes) is refused, not read as its last value',
    args: ['sandbox', 'verify', 'report.json', '--local', '--expect-sha256', SHA],
    setup: duplicatedVerdict,
    exit: 2,
    stderr: /^rpe: report\.json is not a report: \(root\): key "verdict" appears twice\n$/,
  },
  {
    name: 'sandbox verify --json: a repeated key is refused as an invalid receipt',
    args: ['sandbox', 'verify', 'report.json', '--local', '--json'],
    setup: duplicatedVerdict,
    exit: 2,
    stderr: /report\.json is not a report: \(root\): key "verdict" appears twice/,
    json: errorCode('receipt_invalid'),
  },
  {
    name: 'sandbox verify: a receipt nested 200,000 deep is refused, no internal error',
    args: ['sandbox', 'verify', 'report.json', '--local'],
    setup: deepReceipt,
    exit: 2,
    stderr: /^rpe: report\.json is not a report: nested deeper than 64 levels\n$/,
  },
  {
    name: 'sandbox verify --json: a receipt nested 200,000 deep is refused as an invalid receipt',
    args: ['sandbox', 'verify', 'report.json', '--local', '--json'],
    setup: deepReceipt,
    exit: 2,
    stderr: /report\.json is not a report: nested deeper than 64 levels/,
    json: errorCode('receipt_invalid'),
  },
  {
    name: 'sandbox verify --json: a field no check writes is refused, not dropped',
    args: ['sandbox', 'verify', 'report.json', '--local', '--json'],
    setup: receipt((r) => {
      Object.assign(r, { final_verdict: 'eligible' });
      Object.assign(r.limits, { reviewed_by: 'organisers' });
    }),
    exit: 2,
    stderr: /report\.json is not a report: final_verdict: not a field a check writes/,
    json: errorCode('receipt_invalid'),
  },
  {
    name: 'sandbox verify: a field no check writes inside a nested object is refused',
    args: ['sandbox', 'verify', 'report.json', '--local'],
    setup: receipt((r) => {
      Object.assign(r.seeds[0] ?? {}, { reviewed: true });
    }),
    exit: 2,
    stderr: /^rpe: report\.json is not a report: seeds\.0\.reviewed: not a field a check writes\n$/,
  },
];
