import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/slow-first-sequencer.js';

// The tests' main Docker engine: RPE_TEST_ENGINE, else DOCKER_HOST's (the default socket when
// unset). Every other engine a test uses is the run's own (tests/sandbox-docker/global-setup.ts).
const engine = process.env.RPE_TEST_ENGINE ? { DOCKER_HOST: process.env.RPE_TEST_ENGINE } : {};

export default defineConfig({
  test: {
    include: [
      'framework/**/*.test.ts',
      'sandbox/**/*.test.ts',
      'panel/**/*.test.ts',
      'cli/**/*.test.ts',
      'scripts/**/*.test.ts',
      'examples/**/*.test.ts',
      'tests/**/*.test.ts',
    ],
    exclude: ['node_modules/**', 'dist/**', 'tests/fixtures/**'],
    globalSetup: ['tests/sandbox-docker/global-setup.ts'],
    // Per-file CPU, when RPE_TEST_CPU names a log (tests/cpu-per-file.ts).
    setupFiles: process.env.RPE_TEST_CPU ? ['tests/cpu-per-file.ts'] : [],
    env: engine,
    pool: 'forks',
    // A worker runs file after file with the modules it has loaded: importing the toolkit, vitest
    // and the test helpers again for each of some 180 files cost about 120 CPU s a run
    // (docs/performance.md, "Workers that keep their modules").
    // Files put back what they change in the process (env, mocks, cwd); `--isolate` for a run
    // with a fresh worker per file.
    isolate: false,
    // The longest files first (tests/slow-first-sequencer.ts), so no long file runs alone at the end.
    sequence: { sequencer: SlowFirstSequencer },
    // One file more than the cores: most files wait on containers and child processes, and
    // vitest's default (cores - 1) ran the whole suite one file at a time on two cores.
    // `npm test -- --maxWorkers=1` runs the files one after another.
    maxWorkers: availableParallelism() + 1,
    // Generous: a test that runs the CLI a few times takes several times longer on a loaded
    // machine, and a limit is not what it tests (those about time set their own, behaviour-based).
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
});
