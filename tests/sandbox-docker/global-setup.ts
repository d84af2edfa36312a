// The test run's own folder (vitest globalSetup): every Docker engine a test needs beyond the
// main one is started under it, on demand (test-engines.ts), and stopped when the run ends by the
// pids recorded there (scripts/ci/stop-test-engines.sh). Two runs on one machine, in two clones
// or one clone twice, each have their own folder, engines and ports.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { processAlive } from '../../framework/process-alive.js';
import { withoutExtraCaCerts } from '../node-extra-ca.js';
import { pythonWithoutShims } from '../python-on-path.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's folder, for its private engines. */
    rpeTestRun: string;
  }
}

/** Where the runs' folders are made: short, as the engines' socket paths must be. */
export const RUNS_BASE = `/var/tmp/rpe-test-${process.getuid?.() ?? 'user'}`;
const STOP = join(import.meta.dirname, '..', '..', 'scripts', 'ci', 'stop-test-engines.sh');

function stopRun(dir: string): void {
  try {
    execFileSync('bash', [STOP, dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    process.stderr.write(`test engines of ${dir}: not stopped: ${(error as Error).message}\n`);
  }
}

// A run killed outright (no teardown) leaves its folder: stopped once its owner is gone.
function sweepAbandonedRuns(): void {
  for (const name of readdirSync(RUNS_BASE)) {
    const dir = join(RUNS_BASE, name);
    const owner = Number(
      existsSync(join(dir, 'owner')) ? readFileSync(join(dir, 'owner'), 'utf8') : '0',
    );
    if (owner > 0 && !processAlive(owner)) stopRun(dir);
  }
}

// Caches that tools keep in the temporary folder on purpose (tsx's, the toolkit's TypeScript
// compile cache): not leftovers of a test.
const CACHES = /^(tsx|rpe)-\d+$/;

// What the tests left in the run's temporary folder: said, so that a test that forgets to remove
// its files is noticed; the folder goes with the run's all the same.
function reportLeftovers(temp: string): void {
  const left = existsSync(temp) ? readdirSync(temp).filter((name) => !CACHES.test(name)) : [];
  if (left.length === 0) return;
  const shown = left.slice(0, 10).join(', ');
  process.stderr.write(
    `test run: ${left.length} entries left in its temporary folder by tests that did not remove them (${shown}${left.length > 10 ? ', ...' : ''}); removed with the run's folder\n`,
  );
}

export default function setup(project: TestProject): () => void {
  mkdirSync(RUNS_BASE, { recursive: true, mode: 0o700 });
  sweepAbandonedRuns();
  const dir = mkdtempSync(join(RUNS_BASE, 'r'));
  writeFileSync(join(dir, 'owner'), String(process.pid));
  project.provide('rpeTestRun', dir);
  // The run's temporary folder, for every test and every process a test starts: the machine's
  // /tmp is shared with other users and runs, and a test killed half-way (or one that forgets)
  // leaves nothing there. The workers start after this, with it in their environment.
  const temp = join(dir, 'tmp');
  mkdirSync(temp);
  process.env.TMPDIR = temp;
  pythonWithoutShims(dir);
  // Every Node process of the run starts without reading an extra CA bundle npm does not use.
  withoutExtraCaCerts(process.env);
  return () => {
    reportLeftovers(temp);
    stopRun(dir);
  };
}
