import { describe, expect, it } from 'vitest';
import { receiptSha256 } from './seal-report.js';

describe('receiptSha256', () => {
  it('is the same whatever the key order and layout, and leaves out its own field', () => {
    const a = { schema: 'rpe-report/2', seeds: [{ seed: 0, sha: 'x' }], limits: { b: 1, a: 2.5 } };
    const b = JSON.parse(
      '{ "limits": {"a": 2.5, "b": 1.0},\n "seeds": [{"sha": "x", "seed": 0}], "schema": "rpe-report/2",\n "receipt_sha256": "ff" }',
    ) as unknown;
    expect(receiptSha256(b)).toBe(receiptSha256(a));
    // Python's json.dumps(sort_keys=True, separators=(",", ":")) of the same value.
    expect(receiptSha256({ b: [1, 'ż'], a: null })).toBe(
      'd1a8b0435480051626bb1b960843e730f42b9a7687dbc376780f6d63f3244dcd',
    );
  });

  it('changes when any value changes, in any depth', () => {
    const base = { verdict: 'eligible', seeds: [{ output_sha256: 'a' }] };
    const hash = receiptSha256(base);
    expect(receiptSha256({ ...base, verdict: 'disqualified' })).not.toBe(hash);
    expect(receiptSha256({ ...base, seeds: [{ output_sha256: null }] })).not.toBe(hash);
  });
});
