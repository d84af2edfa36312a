import { describe, expect, it } from 'vitest';
import { expectOneLineError, fixture, rpe } from './run-rpe.js';

describe('rpe overlap', () => {
  it('allows a Jaccard of exactly 0.5 and compares inputs after normalisation', () => {
    const r = rpe(['overlap', fixture('seed-a.jsonl'), fixture('seed-b.jsonl'), '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      pairs: [{ a: fixture('seed-a.jsonl'), b: fixture('seed-b.jsonl'), jaccard: 0.5 }],
      max: 0.5,
      threshold: 0.5,
      ok: true,
      files: [
        { name: fixture('seed-a.jsonl'), inputs: 3, skipped: 0 },
        { name: fixture('seed-b.jsonl'), inputs: 3, skipped: 1 },
      ],
    });
  });

  it('fails with exit 1 when a pair is above the maximum', () => {
    const r = rpe([
      'overlap',
      fixture('seed-a.jsonl'),
      fixture('seed-b.jsonl'),
      fixture('seed-c.jsonl'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/seed-a\.jsonl\t\S+seed-c\.jsonl\t0\.7500\tABOVE$/m);
    expect(r.stdout).toMatch(/^max\t0\.7500\t/m);
    expect(r.stdout).toMatch(/^ok\t0$/m);
    expect(r.stdout).toMatch(/^note\t\S+seed-b\.jsonl\t1 line without a string input skipped$/m);
    expect(
      rpe(['overlap', fixture('seed-a.jsonl'), fixture('seed-c.jsonl'), '--max', '0.8']).code,
    ).toBe(0);
  });

  it('rejects a file that is not JSONL with exit 2, naming the file and line', () => {
    const r = rpe(['overlap', fixture('seed-a.jsonl'), fixture('not-jsonl.txt')]);
    expect(r.code).toBe(2);
    expectOneLineError(r, /not-jsonl\.txt: line 1 is not JSON/);
  });

  it('needs two files and a --max between 0 and 1', () => {
    expect(rpe(['overlap', fixture('seed-a.jsonl')]).code).toBe(2);
    const r = rpe(['overlap', fixture('seed-a.jsonl'), fixture('seed-b.jsonl'), '--max', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/between 0 and 1/);
  });
});
