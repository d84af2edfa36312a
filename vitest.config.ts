import { defineConfig } from 'vitest/config';

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
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 600_000,
  },
});
