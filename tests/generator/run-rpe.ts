import { execa, type Options } from 'execa';
import { packagePath } from '../../framework/package-root.js';

export const ROOT = packagePath();
export const RPE = packagePath('bin', 'rpe.js');

// Runs the built CLI and returns its outcome as data (never throws on a non-zero exit).
export async function rpe(args: string[], options: Options = {}) {
  const result = await execa(process.execPath, [RPE, ...args], {
    reject: false,
    cwd: ROOT,
    ...options,
  });
  return {
    exitCode: result.exitCode,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
  };
}
