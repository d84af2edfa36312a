import { execa, type ResultPromise } from 'execa';
import { packagePath } from '../../framework/package-root.js';

export interface RpeRun {
  code: number | undefined;
  stdout: string;
  stderr: string;
}

const bin = packagePath('bin', 'rpe.js');

// Runs the built binary asynchronously (the fake server in the test process must keep answering).
export async function rpe(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<RpeRun> {
  const r = await spawnRpe(args, options);
  return { code: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
}

// Starts the built binary and returns the running process (to interrupt it).
export function spawnRpe(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): ResultPromise<{ reject: false; stripFinalNewline: false }> {
  return execa(process.execPath, [bin, ...args], {
    reject: false,
    stripFinalNewline: false,
    // No EVAL_* from the developer's shell may leak into a test.
    env: { EVAL_BASE_URL: '', EVAL_API_KEY: '', ...options.env },
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
}

// The fixture path of a panel fixture.
export function panelFixture(...parts: string[]): string {
  return packagePath('tests', 'fixtures', 'panel', ...parts);
}
