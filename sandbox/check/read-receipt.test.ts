import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReceipt } from './read-receipt.js';

const dir = mkdtempSync(join(tmpdir(), 'rpe-receipt-'));

// A report as the first schema wrote it: two verdicts, reasons without a class.
const V1 = {
  schema: 'rpe-report/1',
  toolkit_version: '0.1.0',
  created_at: '2026-11-30T08:40:55.173Z',
  verdict: 'disqualified',
  reasons: [{ code: 'data_hash_mismatch', seed: null, message: 'README.md declares x' }],
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
      output_sha256: 'a'.repeat(64),
      wall_ms: 803,
      peak_memory_bytes: null,
      runs: [],
    },
  ],
  overlap: [],
  overlap_max: 0.5,
  data_hash: { declared: 'sha256:x', actual: 'sha256:y', ok: false },
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
  submission: { path: '/x', tree_hash: 'sha256:t', unchanged: true, source: null },
  notes: [],
  wall_ms: 5160,
};

function write(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('readReceipt', () => {
  it('reads a first-schema receipt, mapping its verdict through today’s reason classes', async () => {
    const { report, schema } = await readReceipt(write('v1.json', V1));
    expect(schema).toBe('rpe-report/1');
    expect(report.verdict).toBe('incomplete');
    expect(report.reasons).toEqual([
      {
        code: 'data_hash_mismatch',
        class: 'incomplete',
        seed: null,
        message: 'README.md declares x',
      },
    ]);
    expect(report.seeds[0]).toMatchObject({ output_sha256: 'a'.repeat(64), set: null });
    expect(report.submission).toMatchObject({ selection: 'in_place', tree_hash: 'sha256:t' });
  });

  it('reads a first-schema install failure, a runtime_error of every seed, as one install_failed', async () => {
    const failed = (seed: number) => ({
      code: 'runtime_error',
      seed,
      message: `seed ${seed}: install step failed (exit 1): pip install --no-index --find-links vendor -r requirements.txt: ERROR: no pyyaml`,
    });
    const { report } = await readReceipt(
      write('v1-install.json', { ...V1, reasons: [failed(0), failed(1)] }),
    );
    expect(report.verdict).toBe('incomplete');
    expect(report.reasons).toEqual([
      {
        code: 'install_failed',
        class: 'incomplete',
        seed: null,
        message:
          'install step failed (exit 1): pip install --no-index --find-links vendor -r requirements.txt: ERROR: no pyyaml; no seed was run',
      },
    ]);
    const crash = { code: 'runtime_error', seed: 0, message: 'seed 0: exited with code 1: boom' };
    const other = await readReceipt(write('v1-crash.json', { ...V1, reasons: [crash] }));
    expect(other.report.reasons).toMatchObject([{ code: 'runtime_error', class: 'disqualified' }]);
  });

  it('says plainly it cannot read a schema it does not know', async () => {
    await expect(readReceipt(write('v9.json', { ...V1, schema: 'rpe-report/9' }))).rejects.toThrow(
      /is a report of schema rpe-report\/9, which this toolkit cannot read \(it reads rpe-report\/1, rpe-report\/2\)/,
    );
    await expect(readReceipt(write('bad.json', { schema: 'rpe-report/2' }))).rejects.toThrow(
      /is not a report: /,
    );
  });
});
