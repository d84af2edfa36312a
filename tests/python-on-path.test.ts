import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  readlinkSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pythonWithoutShims } from './python-on-path.js';
import { temporaryFolder } from './temporary-folder.js';

const tmp = temporaryFolder('rpe-python-path-');
const PATH = process.env.PATH;
// The interpreter itself, whatever `python3` on this machine's PATH is.
const real = realpathSync(
  execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim(),
);

function pathWith(dir: string): void {
  process.env.PATH = `${dir}${delimiter}${PATH ?? ''}`;
}

describe('the test run finds Python without a shim', () => {
  afterEach(() => {
    process.env.PATH = PATH;
  });

  it('links the interpreter a shim chooses and puts it first on PATH', () => {
    const shims = join(tmp, 'shims');
    mkdirSync(shims);
    writeFileSync(join(shims, 'python3'), `#!/bin/sh\nexec ${JSON.stringify(real)} "$@"\n`);
    chmodSync(join(shims, 'python3'), 0o755);
    pathWith(shims);
    const run = join(tmp, 'run-shim');
    const linked = pythonWithoutShims(run);
    expect(linked).toContain(`python3 -> ${real}`);
    expect(readlinkSync(join(run, 'bin', 'python3'))).toBe(real);
    expect(process.env.PATH?.split(delimiter)[0]).toBe(join(run, 'bin'));
    // The same Python answers, from the link.
    const answer = execFileSync(
      'python3',
      ['-c', 'import sys; print(sys.executable, sys.prefix)'],
      {
        encoding: 'utf8',
      },
    );
    expect(answer.split(' ')[0]).toBe(join(run, 'bin', 'python3'));
  });

  it('leaves PATH alone where python3 is the interpreter itself', () => {
    const direct = join(tmp, 'direct');
    mkdirSync(direct);
    symlinkSync(real, join(direct, 'python3'));
    symlinkSync(real, join(direct, 'python'));
    pathWith(direct);
    const before = process.env.PATH;
    expect(pythonWithoutShims(join(tmp, 'run-direct'))).toEqual([]);
    expect(process.env.PATH).toBe(before);
  });
});
