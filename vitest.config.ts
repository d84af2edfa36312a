import { defineConfig } from 'vitest/config';

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
    env: engine,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 600_000,
  },
});
