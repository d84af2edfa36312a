// Rows for receipts edited by hand: rpe sandbox verify reads a receipt as untrusted input and
// refuses, before anything runs, what no check could have written. See case.ts.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BadInputCase } from './case.js';

const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });

const SHA = 'a'.repeat(64);

// A receipt of the current schema with one seed and its kept set.
function base(dir: string) {
  return {
    schema: 'rpe-report/2',
    toolkit_version: '0.1.0',
    created_at: '2026-12-01T00:00:00.000Z',
    verdict: 'eligible',
    reasons: [],
    warnings: [],
    requested_seeds: [0],
    seeds: [
      {
        seed: 0,
        status: 'ok',
        n_items: 60,
        format_ok: true,
        errors: [],
        deterministic: true,
        difference: null,
        cause: null,
        output_sha256: SHA,
        wall_ms: 1,
        peak_memory_bytes: null,
        runs: [],
        set: { file: 'seed-0.jsonl', sha256: SHA },
      },
    ],
    overlap: [],
    overlap_max: 0.5,
    data_hash: { declared: null, actual: null, ok: true, recipe: null, source: null, files: [] },
    image: { name: 'local python', id: null },
    executor: { kind: 'local', isolated: false },
    entrypoint: { file: 'generate.py', kind: 'python' },
    limits: {
      timeout_seconds: 120,
      memory_bytes: 2147483648,
      cpus: 1,
      pids: 256,
      output_bytes: 16777216,
      log_bytes: 16384,
    },
    submission: {
      path: join(dir, 'sub'),
      selection: 'folder',
      commit: null,
      ref: null,
      uncommitted: [],
      left_out: [],
      tree_hash: `sha256:${SHA}`,
      unchanged: true,
      source: null as { url: string; ref: string; commit: string } | null,
    },
    notes: [],
    wall_ms: 1,
  };
}

// Writes the receipt, edited by `edit`, as report.json.
function receipt(edit: (r: ReturnType<typeof base>) => void = () => undefined) {
  return (dir: string): void => {
    const r = base(dir);
    edit(r);
    writeFileSync(join(dir, 'report.json'), JSON.stringify(r));
  };
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
    timeoutSeconds: 10,
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
