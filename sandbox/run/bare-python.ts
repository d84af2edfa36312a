import { existsSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';

/**
 * The packages the runner image's Python has besides the standard library: Debian's python3-pip
 * (for the install step) brings pip, setuptools (with pkg_resources and its distutils hook) and
 * wheel. A local run sees this machine's copies of them, when it has them, and nothing else.
 */
export const RUNNER_PYTHON_PACKAGES = [
  'pip',
  'setuptools',
  'pkg_resources',
  '_distutils_hack',
  'wheel',
];

// The base installation's site-packages, and the virtual environment's.
const PATHS = [
  '-c',
  [
    'import sys, sysconfig',
    "base = {'base': sys.base_prefix, 'platbase': sys.base_prefix}",
    "print(sysconfig.get_paths(vars=base)['purelib'])",
    "print(sysconfig.get_paths()['purelib'])",
  ].join('\n'),
];

/**
 * A Python for local runs that sees what the runner image's does: the standard library, the
 * packages above, and what the install step put on PYTHONPATH, but no other package installed on
 * this machine. It is a virtual environment without pip (`python -m venv --without-pip`, the
 * standard library's own way) over `python`, made in `work`. Returns its interpreter, or null
 * where venv is not usable (the runs then see this machine's packages, and the report says so).
 */
export async function makeBarePython(python: string, work: string): Promise<string | null> {
  const dir = join(work, 'python');
  const made = await execa(python, ['-m', 'venv', '--without-pip', '--symlinks', dir], {
    reject: false,
    timeout: 60_000,
    stdin: 'ignore',
  });
  if (made.exitCode !== 0) return null;
  const bare = join(dir, 'bin', 'python3');
  const paths = await execa(bare, PATHS, { reject: false, timeout: 60_000, stdin: 'ignore' });
  const [from, to] = String(paths.stdout ?? '').split('\n');
  if (paths.exitCode !== 0 || !from || !to) return null;
  for (const name of RUNNER_PYTHON_PACKAGES)
    if (existsSync(join(from, name))) await symlink(join(from, name), join(to, name));
  return bare;
}
