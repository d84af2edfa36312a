// A scaffold as `rpe init` makes it, made once per test run and copied for each test that only
// needs one: each `rpe init --lang ts` packs the toolkit and locks the scaffold's packages (some
// 11 s of CPU). The tests of rpe init itself make their own.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { withFolderLock } from '../folder-lock.js';
import { rpe } from './run-rpe.js';

/** Copies the run's scaffold of `lang` (made by the first file to ask) to `to`, a new folder. */
export async function copyOfScaffold(lang: 'py' | 'ts', to: string): Promise<void> {
  const base = join(inject('rpeTestRun'), 'scaffolds');
  const made = join(base, lang);
  mkdirSync(base, { recursive: true });
  await withFolderLock(`${made}.lock`, async () => {
    if (existsSync(`${made}.done`)) return;
    // What an owner that died half-way left.
    rmSync(made, { recursive: true, force: true });
    const r = await rpe(['init', made, '--lang', lang], {
      env: { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    });
    if (r.exitCode !== 0) throw new Error(`rpe init --lang ${lang} failed: ${r.stderr}`);
    writeFileSync(`${made}.done`, '');
  });
  cpSync(made, to, { recursive: true });
}
