import { execa } from 'execa';
import { packagePath } from '../../framework/index.js';

export interface RpeRun {
  code: number;
  stdout: string;
  stderr: string;
}

// Runs the built CLI (`npm run build` first) and returns its exit code and output.
export async function rpe(args: string[], options: { cwd?: string } = {}): Promise<RpeRun> {
  const result = await execa(process.execPath, [packagePath('bin', 'rpe.js'), ...args], {
    reject: false,
    cwd: options.cwd ?? packagePath(),
    stdin: 'ignore',
    stripFinalNewline: false,
  });
  return {
    code: result.exitCode ?? -1,
    stdout: result.stdout.toString(),
    stderr: result.stderr.toString(),
  };
}
