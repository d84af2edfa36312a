// The test run's Python, found directly. A version manager's shim (pyenv's) answers `python3` by
// running a shell script that picks the version: some 40 processes and 0.3 s of CPU each time,
// and the suite starts Python some hundreds of times (each `rpe check` of a Python generator
// asks once). Where `python3` or `python` on PATH is such a shim, the interpreter it chooses is
// linked into the run's folder, first on PATH for the run: the same Python, without the shim.
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { which } from '../framework/which.js';

// The interpreter `name` runs, when `name` on PATH is not that interpreter itself.
function behindShim(name: string): string | null {
  const onPath = which(name);
  if (onPath === null) return null;
  try {
    const found = realpathSync(onPath);
    const executable = execFileSync(name, ['-c', 'import sys; print(sys.executable)'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return executable !== '' && realpathSync(executable) !== found ? executable : null;
  } catch {
    return null;
  }
}

/** Puts the interpreters behind shims first on PATH, linked in `runDir/bin`; says which. */
export function pythonWithoutShims(runDir: string): string[] {
  const bin = join(runDir, 'bin');
  const linked: string[] = [];
  for (const name of ['python3', 'python']) {
    const executable = behindShim(name);
    if (executable === null) continue;
    mkdirSync(bin, { recursive: true });
    symlinkSync(executable, join(bin, name));
    linked.push(`${name} -> ${executable}`);
  }
  if (linked.length > 0) process.env.PATH = `${bin}${delimiter}${process.env.PATH ?? ''}`;
  return linked;
}
