// The tuning runs that tune-cli.test.ts checks and whose tune.html pages trial-cli.test.ts opens in
// the browser it shares with the trial report: made once per test run, by the first file to ask,
// under the run's folder, and only read after that.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { withFolderLock } from '../folder-lock.js';
import { rpe } from './run-rpe.js';
import { syntheticPool, tenFamilies, writeSyntheticTrial } from './synthetic-tune.js';

export const TUNE_MODELS = ['a/1', 'a/2', 'b/1', 'b/2', 'c/1', 'd/1'];
export const TUNE_SPEC = tenFamilies(TUNE_MODELS);

export interface SharedTune {
  /** trial/ (a synthetic trial of TUNE_SPEC), pool.jsonl and pool.matrix.json (400 items). */
  dir: string;
  /** The stdout of `rpe tune trial --n auto --out tuned --json`. */
  weights: string;
  /** The stdout of `rpe tune --items pool.jsonl --matrix pool.matrix.json --n 80 --out subset.jsonl --json --seed 5`. */
  subset: string;
}

export async function sharedTune(): Promise<SharedTune> {
  const dir = join(inject('rpeTestRun'), 'tune');
  const at = (name: string) => join(dir, name);
  await withFolderLock(`${dir}.lock`, async () => {
    if (existsSync(`${dir}.done`)) return;
    // What an owner that died half-way left.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeSyntheticTrial(at('trial'), TUNE_SPEC);
    const pool = syntheticPool(400, TUNE_MODELS, 3);
    writeFileSync(at('pool.jsonl'), pool.jsonl);
    writeFileSync(at('pool.matrix.json'), JSON.stringify(pool.matrix));
    const pooled = ['--items', at('pool.jsonl'), '--matrix', at('pool.matrix.json')];
    const runs = {
      weights: ['tune', at('trial'), '--n', 'auto', '--out', at('tuned'), '--json'],
      subset: [
        'tune',
        ...pooled,
        '--n',
        '80',
        '--out',
        at('subset.jsonl'),
        '--json',
        '--seed',
        '5',
      ],
    };
    for (const [name, args] of Object.entries(runs)) {
      const run = await rpe(args);
      if (run.code !== 0) throw new Error(`rpe ${args.join(' ')} failed: ${run.stderr}`);
      writeFileSync(at(`${name}.stdout`), run.stdout);
    }
    writeFileSync(`${dir}.done`, '');
  });
  return {
    dir,
    weights: readFileSync(at('weights.stdout'), 'utf8'),
    subset: readFileSync(at('subset.stdout'), 'utf8'),
  };
}
