// A scaffold as `rpe init` makes it, made once per test run and copied for each test that only
// needs one: each `rpe init --lang ts` packs the toolkit and locks the scaffold's packages (some
// 11 s of CPU). What init printed is kept with it, for the tests of what init says; the tests
// of init's options and failures make their own.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { withFolderLock } from '../folder-lock.js';
import { rpe } from './run-rpe.js';

/** How a CLI run ended: what `rpe` returned and printed. */
export type CliOutcome = Awaited<ReturnType<typeof rpe>>;

// The run's folder for scaffolds and what was run on them, shared by the test files of the run.
function scaffolds(): string {
  const base = join(inject('rpeTestRun'), 'scaffolds');
  mkdirSync(base, { recursive: true });
  return base;
}

// Written whole or not at all: the file says the work before it is done, and a reader that
// finds it must find all of it.
function writeOutcome(path: string, outcome: CliOutcome): void {
  writeFileSync(`${path}.part`, JSON.stringify(outcome));
  renameSync(`${path}.part`, path);
}

function readOutcome(path: string): CliOutcome {
  return JSON.parse(readFileSync(path, 'utf8')) as CliOutcome;
}

/**
 * Copies the run's scaffold of `lang` (made by the first file to ask) to `to`, a new folder, and
 * returns what its `rpe init` printed.
 */
export async function copyOfScaffold(lang: 'py' | 'ts', to: string): Promise<CliOutcome> {
  const made = join(scaffolds(), lang);
  const init = `${made}.init.json`;
  await withFolderLock(`${made}.lock`, async () => {
    if (existsSync(init)) return;
    // What an owner that died half-way left.
    rmSync(made, { recursive: true, force: true });
    const r = await rpe(['init', made, '--lang', lang], {
      env: { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    });
    if (r.exitCode !== 0) throw new Error(`rpe init --lang ${lang} failed: ${r.stderr}`);
    writeOutcome(init, r);
  });
  cpSync(made, to, { recursive: true });
  return readOutcome(init);
}

/**
 * What `rpe check <scaffold> --seeds 0,1 --json` (from the toolkit's folder) gives for the run's
 * scaffold of `lang` as init made it: run once per test run, on a copy no test touches.
 */
export async function checkOfScaffold(lang: 'py' | 'ts'): Promise<CliOutcome> {
  const checked = join(scaffolds(), `${lang}-check`);
  const outcome = `${checked}.json`;
  await withFolderLock(`${checked}.lock`, async () => {
    if (existsSync(outcome)) return;
    rmSync(checked, { recursive: true, force: true });
    await copyOfScaffold(lang, checked);
    writeOutcome(outcome, await rpe(['check', checked, '--seeds', '0,1', '--json']));
  });
  return readOutcome(outcome);
}
