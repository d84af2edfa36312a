import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compareReceipt } from './compare-receipt.js';
import { makeReason } from './reasons.js';
import type { Report, SeedReport } from './report-schema.js';

const OUTPUT = Buffer.from('{"input": "a", "gold": "b"}\n');
const SHA = createHash('sha256').update(OUTPUT).digest('hex');

function seed(n: number, sha: string | null = SHA): SeedReport {
  return {
    seed: n,
    status: 'ok',
    n_items: 1,
    format_ok: true,
    errors: [],
    deterministic: true,
    difference: null,
    cause: null,
    output_sha256: sha,
    wall_ms: 1,
    peak_memory_bytes: null,
    runs: [],
    set: { file: `seed-${n}.jsonl`, sha256: SHA },
  };
}

// A report of two seeds; `traced` as the sandbox's.
function report(traced: boolean, edit: (r: Report) => void = () => undefined): Report {
  const r = {
    verdict: 'eligible',
    reasons: [],
    requested_seeds: [0, 1],
    seeds: [seed(0), seed(1)],
    data_hash: { actual: null },
    executor: { kind: traced ? 'docker' : 'local', isolated: traced, network_traced: traced },
    entrypoint: { file: 'generate.py', kind: 'python' },
    submission: { tree_hash: 'sha256:t' },
  } as unknown as Report;
  edit(r);
  return r;
}

const outputs = new Map([
  [0, OUTPUT],
  [1, OUTPUT],
]);
const kept = new Map<number, Buffer | null>([
  [0, OUTPUT],
  [1, OUTPUT],
]);

describe('compareReceipt', () => {
  it('finds no difference between a receipt and an identical re-run', () => {
    const result = compareReceipt({ receipt: report(true), rerun: report(true), outputs, kept });
    expect(result.differences).toEqual([]);
    expect(result.seeds.map((s) => [s.seed, s.same, s.kept])).toEqual([
      [0, true, 'same'],
      [1, true, 'same'],
    ]);
  });

  it('names the seeds of an overlap and each reason the receipt dropped', () => {
    const rerun = report(true, (r) => {
      r.verdict = 'disqualified';
      r.reasons = [
        makeReason('network_attempt', 1, 'seed 1: tried the network'),
        makeReason(
          'seed_overlap',
          null,
          'seeds 0 and 1 overlap: Jaccard 0.750 > 0.5 (a static list)',
        ),
      ];
    });
    const result = compareReceipt({ receipt: report(true), rerun, outputs, kept });
    expect(result.differences).toEqual([
      'verdict: receipt eligible, re-run disqualified (network_attempt 1, seed_overlap 0-1 0.750)',
      'reason network_attempt 1: receipt does not have it, re-run does',
      'reason seed_overlap 0-1 0.750: receipt does not have it, re-run does',
    ]);
  });

  it('leaves network_attempt out when the re-run does not trace the network, and says so', () => {
    const receipt = report(true, (r) => {
      r.verdict = 'disqualified';
      r.reasons = [makeReason('network_attempt', 0, 'seed 0: tried the network')];
    });
    const result = compareReceipt({ receipt, rerun: report(false), outputs, kept });
    expect(result.differences).toEqual([]);
    expect(result.notes).toEqual([
      'network calls not compared: the re-run (local) does not trace them; the receipt records 1 network_attempt reason(s)',
    ]);
  });

  it('holds a kept set that differs against the receipt, and one that is not there only says so', () => {
    const other = Buffer.from('{"input": "z", "gold": "b"}\n');
    const result = compareReceipt({
      receipt: report(true),
      rerun: report(true),
      outputs,
      kept: new Map([
        [0, other],
        [1, null],
      ]),
    });
    expect(result.seeds.map((s) => s.kept)).toEqual(['different', 'missing']);
    expect(result.differences).toEqual([
      'seed 0 kept set: seed-0.jsonl differs from the re-run at line 1',
      `seed 0 kept set: seed-0.jsonl has sha256:${createHash('sha256').update(other).digest('hex')}, the receipt records sha256:${SHA}`,
    ]);
    expect(result.notes).toContain('kept sets not beside the receipt, not compared: seed 1');
  });
});
