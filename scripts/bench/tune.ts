// `npm run bench -- tune`: `rpe tune` end to end (start-up, reading, the search, the held-out
// folds, tune.html), on a trial of 10 families × 3 seeds × 200 items × 6 models and on a pool of
// 2,000 items × 6 models; and the search alone, in-process, for both.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packagePath } from '../../framework/package-root.js';
import { modelGroups, readTrial, tuneSubset, tuneWeights } from '../../panel/tune/index.js';
import {
  syntheticPool,
  tenFamilies,
  writeSyntheticTrial,
} from '../../tests/panel/synthetic-tune.js';
import { measure, report } from './measure.js';

const MODELS = ['a/1', 'a/2', 'b/1', 'b/2', 'c/1', 'd/1'];

const TIME = '/usr/bin/time';

// Runs the built CLI; returns the CPU seconds it used (user + system) when GNU time is there, so a
// machine busy with other work still shows what the command itself costs.
function cli(args: string[]): number {
  const rpe = [process.execPath, packagePath('bin', 'rpe.js'), ...args];
  const timed = existsSync(TIME);
  const [command, ...rest] = timed ? [TIME, '-f', '%U %S', ...rpe] : rpe;
  const run = spawnSync(command ?? '', rest, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`rpe ${args.join(' ')}: ${run.stderr}`);
  if (!timed) return NaN;
  const [user, system] = run.stderr.trim().split('\n').pop()?.split(' ').map(Number) ?? [];
  return (user ?? NaN) + (system ?? NaN);
}

// Wall time (the target) and the median CPU time of the same runs.
async function timeCli(label: string, args: string[]): Promise<void> {
  const cpu: number[] = [];
  const wall = await measure(label, () => cpu.push(cli(args)), { runs: 3, warmup: 1 });
  report(`${label} (wall)`, wall.medianMs / 1000, 's', { max: 5 });
  const sorted = cpu.slice(1).sort((a, b) => a - b);
  if (!Number.isNaN(sorted[1] ?? NaN)) report(`${label} (CPU)`, sorted[1] ?? NaN, 's', { max: 5 });
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rpe-bench-tune-'));
  try {
    writeSyntheticTrial(join(dir, 'trial'), tenFamilies(MODELS));
    const pool = syntheticPool(2000, MODELS, 3);
    writeFileSync(join(dir, 'pool.jsonl'), pool.jsonl);
    writeFileSync(join(dir, 'matrix.json'), JSON.stringify(pool.matrix));

    const trial = readTrial(join(dir, 'trial'));
    const groups = modelGroups(MODELS, { by: 'model' });
    const search = await measure(
      'weights',
      () => tuneWeights(trial, { n: 'auto', seed: 0, groups }),
      { runs: 3, warmup: 1 },
    );
    report('search: weights, 10 fam x 3 x 200, 6 folds', search.medianMs, 'ms');
    const subset = await measure(
      'subset',
      () => tuneSubset(pool.matrix, { n: 'auto', seed: 0, groups }),
      { runs: 3, warmup: 1 },
    );
    report('search: subset of 2,000 x 6, 6 folds', subset.medianMs, 'ms');

    await timeCli('rpe tune TRIAL --n auto', [
      'tune',
      join(dir, 'trial'),
      '--n',
      'auto',
      '--held-out',
      'model',
      '--out',
      join(dir, 'tuned'),
      '--json',
    ]);
    await timeCli('rpe tune --items 2,000 --n auto', [
      'tune',
      '--items',
      join(dir, 'pool.jsonl'),
      '--matrix',
      join(dir, 'matrix.json'),
      '--n',
      'auto',
      '--held-out',
      'model',
      '--out',
      join(dir, 'subset.jsonl'),
      '--json',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
