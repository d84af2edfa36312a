import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readKeptSets } from './read-kept-sets.js';
import { readReceipt, upgradeReport } from './read-receipt.js';
import { reportSchemaV1 } from './report-schema.js';
import { receiptSha256 } from './seal-report.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const dir = temporaryFolder('rpe-receipt-');

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

  it('refuses paths, limits, commits, URLs and seeds no check could have written', async () => {
    const current = upgradeReport(reportSchemaV1.parse(V1));
    const refused: [string, unknown][] = [
      ['entrypoint.file', { ...current, entrypoint: { file: '../x/evil.py', kind: 'python' } }],
      ['entrypoint.file', { ...current, entrypoint: { file: '/tmp/evil.py', kind: 'python' } }],
      ['entrypoint.file', { ...current, entrypoint: { file: './generate.py', kind: 'python' } }],
      ['limits.timeout_seconds', { ...current, limits: { ...V1.limits, timeout_seconds: 1e12 } }],
      ['limits.cpus', { ...current, limits: { ...V1.limits, cpus: 0 } }],
      ['submission.path', { ...current, submission: { ...current.submission, path: 'rel' } }],
      ['submission.commit', { ...current, submission: { ...current.submission, commit: '--x' } }],
      ['requested_seeds', { ...current, requested_seeds: [0, 0] }],
      ['seeds', { ...current, requested_seeds: [1] }],
    ];
    for (const [field, value] of refused) {
      await expect(readReceipt(write('refused.json', value)), field).rejects.toThrow(
        new RegExp(`is not a report: ${field.replace('.', '\\.')}`),
      );
    }
  });

  it('refuses a repeated key, deep nesting and (schema 2) a field the schema does not define', async () => {
    const current = upgradeReport(reportSchemaV1.parse(V1));
    const file = join(dir, 'shape.json');
    writeFileSync(
      file,
      JSON.stringify(current).replace('"verdict":', '"verdict":"eligible","verdict":'),
    );
    await expect(readReceipt(file)).rejects.toThrow(
      /is not a report: \(root\): key "verdict" appears twice/,
    );
    writeFileSync(file, `{"schema":"rpe-report/2","x":${'['.repeat(1e5)}${']'.repeat(1e5)}}`);
    await expect(readReceipt(file)).rejects.toThrow(
      /is not a report: nested deeper than 64 levels/,
    );
    const extra = { ...current, final_verdict: 'eligible' };
    await expect(readReceipt(write('extra.json', extra))).rejects.toThrow(
      /is not a report: final_verdict: not a field a check writes/,
    );
    // A first-schema report is read as its schema defined it: its upgrade keeps working.
    const old = await readReceipt(write('v1-extra.json', { ...V1, reviewed_by: 'x' }));
    expect(old.schema).toBe('rpe-report/1');
  });

  it('gives the hash of the file as written, whatever its recorded field says', async () => {
    const current = { ...upgradeReport(reportSchemaV1.parse(V1)), receipt_sha256: 'f'.repeat(64) };
    const read = await readReceipt(write('v2.json', current));
    expect(read.sha256).toBe(receiptSha256(current));
    expect(read.report.receipt_sha256).toBe('f'.repeat(64));
  });

  it('reads kept sets as regular files only: a symlink or a FIFO is refused, a missing one is null', async () => {
    const current = upgradeReport(reportSchemaV1.parse(V1));
    const report = {
      ...current,
      seeds: current.seeds.map((s) => ({
        ...s,
        set: { file: 'kept.jsonl', sha256: 'a'.repeat(64) },
      })),
    };
    const receipt = join(dir, 'kept-receipt.json');
    expect(readKeptSets(receipt, report).get(0)).toBeNull();
    writeFileSync(join(dir, 'kept.jsonl'), 'items\n');
    expect(readKeptSets(receipt, report).get(0)?.toString()).toBe('items\n');
    const small = { ...report, limits: { ...report.limits, output_bytes: 3 } };
    expect(() => readKeptSets(receipt, small)).toThrow(
      /is larger than the output limit \(3 bytes\)/,
    );
    const linked = mkdtempSync(join(dir, 'rpe-kept-'));
    symlinkSync('/etc/passwd', join(linked, 'kept.jsonl'));
    expect(() => readKeptSets(join(linked, 'r.json'), report)).toThrow(
      /is a symlink, not a regular file/,
    );
    const piped = mkdtempSync(join(dir, 'rpe-kept-'));
    execFileSync('mkfifo', [join(piped, 'kept.jsonl')]);
    expect(() => readKeptSets(join(piped, 'r.json'), report)).toThrow(
      /is a named pipe, not a regular file/,
    );
  });
});
