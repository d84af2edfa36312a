import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../temporary-folder.js';
import { expectOneLineError, fixture, rpe } from './run-rpe.js';

const out = temporaryFolder('rpe-score-');

describe('rpe score', () => {
  it('prints the four figures and the least separated pair', () => {
    const r = rpe(['score', '--matrix', fixture('matrix-valid.json')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    // 5 items, 3 models: discrimination (4 × 8/9 + 0) / 5, five distinct cuts of five items.
    expect(r.stdout).toBe(
      [
        'n_items\t5',
        'n_models\t3',
        'discrimination\t0.7111',
        'diversity\t1.0000',
        'separation\t1.0000',
        'score\t0.7111',
        'least_separated\tB\tC\tdisagreement 0.4000\tcredit 1.0000',
        '',
      ].join('\n'),
    );
  });

  it('prints JSON with per-item, per-pair and per-family rows when asked', () => {
    const r = rpe([
      'score',
      '--matrix',
      fixture('matrix-valid.json'),
      '--per-item',
      '--per-pair',
      '--meta',
      fixture('meta-valid.jsonl'),
      '--json',
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ n_items: 5, n_models: 3, diversity: 1, separation: 1 });
    expect(json.score).toBeCloseTo(32 / 45, 12);
    expect(json.items[0]).toMatchObject({ index: 1, bitvector: '100' });
    expect(json.items[0].p).toBeCloseTo(1 / 3, 12);
    expect(json.items[0].discrimination).toBeCloseTo(8 / 9, 12);
    expect(json.pairs).toHaveLength(3);
    expect(json.families.map((f: { family: string }) => f.family)).toEqual(['x', 'y']);
    const plain = JSON.parse(
      rpe(['score', '--matrix', fixture('matrix-valid.json'), '--json']).stdout,
    );
    expect(plain.items).toBeUndefined();
    expect(plain.pairs).toBeUndefined();
  });

  it('writes the Markdown report whole, creating its folder', () => {
    const file = join(out, 'reports', 'score.md');
    const r = rpe([
      'score',
      '--matrix',
      fixture('matrix-valid.json'),
      '--per-pair',
      '--markdown',
      file,
    ]);
    expect(r.code).toBe(0);
    const md = readFileSync(file, 'utf8');
    expect(md).toMatch(/^# Score\n/);
    expect(md).toContain('| **score** | **0.7111** |');
    expect(md).toContain('## Model pairs');
    expect(readdirSync(join(out, 'reports'))).toEqual(['score.md']);
  });

  it.each([
    ['matrix-ragged.json', /correct\.1: row 2 has 1 values for 2 models/],
    ['matrix-duplicate-models.json', /models: model names must be unique/],
    ['matrix-bad-value.json', /correct\.0\.1: must be 0, 1, true or false/],
    ['matrix-not-json.json', /not valid JSON/],
  ])('rejects %s with exit 2 and one line', (file, pattern) => {
    const r = rpe(['score', '--matrix', fixture(file)]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expectOneLineError(r, pattern);
    expect(r.stderr).toContain(file);
  });

  it('rejects a meta file of the wrong length and leaves no Markdown behind', () => {
    const file = join(out, 'not-written.md');
    const r = rpe([
      'score',
      '--matrix',
      fixture('matrix-valid.json'),
      '--meta',
      fixture('meta-short.jsonl'),
      '--markdown',
      file,
    ]);
    expect(r.code).toBe(2);
    expectOneLineError(
      r,
      /meta-short\.jsonl has 1 lines but the matrix .*matrix-valid\.json has 5 items/,
    );
    expect(readdirSync(out)).not.toContain('not-written.md');
  });

  it('needs --matrix', () => {
    const r = rpe(['score']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--matrix/);
  });
});
