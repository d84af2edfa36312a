import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { packagePath } from '../../framework/package-root.js';

export const fixtures = packagePath('tests', 'fixtures', 'rules');

// A fixture file under tests/fixtures/rules.
export function fixture(...parts: string[]): string {
  return join(fixtures, ...parts);
}

export interface RpeRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Runs the built binary, as a user would (`npm run build` or `npm test` first).
export function rpe(
  args: string[],
  options: { input?: string | Buffer; cwd?: string } = {},
): RpeRun {
  const r = spawnSync(process.execPath, [packagePath('bin', 'rpe.js'), ...args], {
    encoding: 'utf8',
    ...(options.input !== undefined ? { input: options.input } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// A failure the contract allows: one `rpe: ...` line on stderr and no stack trace.
export function expectOneLineError(run: RpeRun, pattern: RegExp): void {
  expect(run.stderr).toMatch(/^rpe: [^\n]+\n$/);
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}
