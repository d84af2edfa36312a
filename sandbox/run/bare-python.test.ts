import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../../tests/temporary-folder.js';
import { makeBarePython } from './bare-python.js';
import { localPython } from './local-command.js';

const work = temporaryFolder('rpe-bare-python-');

// Whether the interpreter has the base installation's site-packages on its path.
const SEES_SITE = [
  '-c',
  "import sys, sysconfig; p = sysconfig.get_paths(vars={'base': sys.base_prefix, 'platbase': sys.base_prefix})['purelib']; print(p in sys.path)",
];

describe('makeBarePython', () => {
  it("gives an interpreter without this machine's packages, its standard library whole", async () => {
    const host = await localPython();
    expect((await execa(host, SEES_SITE)).stdout).toBe('True');
    const bare = await makeBarePython(host, work);
    expect(bare).toBe(join(work, 'python', 'bin', 'python3'));
    expect((await execa(bare ?? '', SEES_SITE)).stdout).toBe('False');
    // The standard library and PYTHONPATH (where the install step puts requirements) still work.
    const run = await execa(bare ?? '', ['-c', 'import json, sqlite3, sys; print(sys.path[1])'], {
      env: { PYTHONPATH: '/deps-here' },
    });
    expect(run.stdout).toBe('/deps-here');
    // What the runner image has besides the standard library (python3-pip) is there, when this
    // machine has it; another package of this machine is not.
    const has = async (python: string, name: string) =>
      (await execa(python, ['-c', `import ${name}`], { reject: false })).exitCode === 0;
    for (const name of ['pip', 'setuptools'])
      expect(await has(bare ?? '', name)).toBe(await has(host, name));
  });

  it('says null where venv cannot make one', async () => {
    expect(await makeBarePython('/bin/false', work)).toBeNull();
  });
});
