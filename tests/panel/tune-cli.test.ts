// `rpe tune` end to end: the JSON contract, tuned sets that validate and whose matrices are the
// ones rebuilt here from the items by the trial's own answer rule (scored by `rpe score` as
// reported), the subset in pool order, the same output for the same input, and the plain held-out
// verdict. tune on a folder a real `rpe trial` made is in trial-cli.test.ts, beside that trial.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpe } from './run-rpe.js';
import {
  sharedTune,
  TUNE_MODELS as MODELS,
  TUNE_SPEC as spec,
  type SharedTune,
} from './shared-tune.js';
import { writeSyntheticTrial } from './synthetic-tune.js';

// What this file writes; the tuning runs it checks are the test run's (shared-tune.ts).
let dir: string;
let shared: SharedTune;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-tune-cli-'));
  shared = await sharedTune();
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const parse = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

async function scoreOf(matrix: string) {
  const run = await rpe(['score', '--matrix', matrix, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return parse(run.stdout) as { score: number; n_items: number };
}

describe('rpe tune TRIAL_DIR', () => {
  let doc: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const out = () => join(shared.dir, 'tuned');

  beforeAll(() => {
    doc = parse(shared.weights);
  });

  it('prints the documented JSON', () => {
    expect(doc.mode).toBe('weights');
    for (const key of ['families', 'n', 'expected', 'current', 'heldout'])
      expect(doc).toHaveProperty(key);
    expect(doc.families).toHaveLength(10);
    for (const f of doc.families) {
      expect(Object.keys(f)).toEqual(
        expect.arrayContaining(['id', 'weight_now', 'weight', 'items']),
      );
    }
    expect(Object.keys(doc.expected)).toEqual(expect.arrayContaining(['mean', 'worst']));
    expect(Object.keys(doc.current)).toEqual(expect.arrayContaining(['mean', 'worst']));
    expect(Object.keys(doc.heldout)).toEqual(
      expect.arrayContaining(['by', 'folds', 'tuned_mean', 'untuned_mean']),
    );
    expect(doc.heldout.by).toBe('family');
    expect(doc.heldout.folds.map((f: { left_out: string }) => f.left_out)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(doc.expected.mean).toBeGreaterThan(doc.current.mean);
  });

  it('writes tuned sets that validate and that rpe score scores as reported', async () => {
    const families = Object.fromEntries(spec.families.map((f) => [f.id, f]));
    const scores: number[] = [];
    for (const [i, seed] of spec.seeds.entries()) {
      const folder = join(out(), `seed-${seed}`);
      const validate = await rpe(['validate', join(folder, 'items.jsonl'), '--json']);
      expect(parse(validate.stdout).format_ok).toBe(true);
      // The matrix rebuilt from the items themselves by the rule that answered them.
      const items = readFileSync(join(folder, 'items.jsonl'), 'utf8').trim().split('\n');
      const meta = readFileSync(join(folder, 'meta.jsonl'), 'utf8').trim().split('\n');
      const correct = items.map((line, r) => {
        const [, s, id, index] = /^Pytanie (\d+) (\S+) (\d+)$/.exec(JSON.parse(line).input) ?? [];
        expect(JSON.parse(meta[r] ?? '{}').family).toBe(id);
        return MODELS.map((_, k) =>
          families[id ?? '']?.right(k, Number(index), Number(s)) ? 1 : 0,
        );
      });
      expect(JSON.parse(readFileSync(join(folder, 'matrix.json'), 'utf8'))).toEqual({
        models: MODELS,
        correct,
      });
      writeFileSync(join(dir, `rebuilt-${seed}.json`), JSON.stringify({ models: MODELS, correct }));
      const rebuilt = await scoreOf(join(dir, `rebuilt-${seed}.json`));
      expect(rebuilt.n_items).toBe(doc.n);
      expect(rebuilt.score).toBeCloseTo(doc.expected.sets[i].score, 12);
      scores.push(rebuilt.score);
    }
    expect(doc.expected.mean).toBeCloseTo(scores.reduce((a, b) => a + b) / scores.length, 12);
    expect(doc.expected.worst).toBe(Math.min(...scores));
  });

  it('gives the same files for the same input', async () => {
    const again = join(dir, 'tuned-again');
    const run = await rpe([
      'tune',
      join(shared.dir, 'trial'),
      '--n',
      'auto',
      '--out',
      again,
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    for (const file of ['seed-1/items.jsonl', 'seed-3/matrix.json', 'tune.html']) {
      expect(readFileSync(join(again, file), 'utf8')).toBe(readFileSync(join(out(), file), 'utf8'));
    }
    const { out_dir: _a, ...first } = doc;
    const { out_dir: _b, ...second } = parse(run.stdout);
    expect(second).toEqual(first);
  });

  it('says plainly when tuning does not help on held-out models', async () => {
    const flat = { ...spec, families: spec.families.slice(5, 8) };
    writeSyntheticTrial(join(dir, 'flat'), flat);
    const run = await rpe(['tune', join(dir, 'flat'), '--held-out', 'model']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^heldout\tby model, 6 folds/m);
    expect(run.stdout).toMatch(/tuning does NOT help on models it did not see/);
    expect(run.stdout).toMatch(/^paste\tfamily-6: weight: 1 \/ weight=1$/m);
  });
});

describe('rpe tune --items', () => {
  it('writes the best subset in pool order, which validates and scores as reported', async () => {
    const out = join(shared.dir, 'subset.jsonl');
    const doc = parse(shared.subset) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(doc.mode).toBe('subset');
    expect(doc.n).toBe(80);
    for (const part of [doc.score, doc.pool]) {
      expect(Object.keys(part)).toEqual(
        expect.arrayContaining(['discrimination', 'diversity', 'separation', 'score']),
      );
    }
    expect(doc.score.score).toBeGreaterThan(doc.pool.score);
    const pool = readFileSync(join(shared.dir, 'pool.jsonl'), 'utf8').trim().split('\n');
    const lines: number[] = doc.lines;
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(readFileSync(out, 'utf8')).toBe(lines.map((l) => `${pool[l - 1]}\n`).join(''));
    expect(parse((await rpe(['validate', out, '--json'])).stdout).format_ok).toBe(true);
    // The subset's rows taken from the pool's matrix here, scored by rpe score.
    const matrix = JSON.parse(readFileSync(join(shared.dir, 'pool.matrix.json'), 'utf8'));
    const rows = { models: matrix.models, correct: lines.map((l) => matrix.correct[l - 1]) };
    writeFileSync(join(dir, 'subset-rows.json'), JSON.stringify(rows));
    expect((await scoreOf(join(dir, 'subset-rows.json'))).score).toBeCloseTo(doc.score.score, 12);
    const first = { models: matrix.models, correct: matrix.correct.slice(0, 80) };
    writeFileSync(join(dir, 'first-rows.json'), JSON.stringify(first));
    expect((await scoreOf(join(dir, 'first-rows.json'))).score).toBeCloseTo(doc.pool.score, 12);
    expect(readFileSync(join(shared.dir, 'subset.tune.html'), 'utf8')).toContain('<svg');
  }, 600_000);
});
