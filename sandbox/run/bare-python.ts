import { mkdir, symlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
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

// Makes the virtual environment in argv[1], prints its site-packages, then the folder of each
// package named after it that this machine's Python has: one interpreter start for all.
const MAKE = [
  'import importlib.util, sys, sysconfig, venv',
  'here = sys.argv[1]',
  'venv.create(here, with_pip=False, symlinks=True)',
  "scheme = 'venv' if 'venv' in sysconfig.get_scheme_names() else 'posix_prefix'",
  "print(sysconfig.get_paths(scheme=scheme, vars={'base': here, 'platbase': here})['purelib'])",
  'for name in sys.argv[2:]:',
  '    spec = importlib.util.find_spec(name)',
  '    if spec and spec.submodule_search_locations: print(list(spec.submodule_search_locations)[0])',
].join('\n');

/**
 * A Python for local runs that sees what the runner image's does: the standard library, the
 * packages above, and what the install step put on PYTHONPATH, but no other package installed on
 * this machine. It is a virtual environment without pip (`python -m venv --without-pip`, the
 * standard library's own way) over `python`, made in `work`. Returns its interpreter, or null
 * where venv is not usable (the runs then see this machine's packages, and the report says so).
 */
export async function makeBarePython(python: string, work: string): Promise<string | null> {
  const dir = join(work, 'python');
  const made = await execa(python, ['-c', MAKE, dir, ...RUNNER_PYTHON_PACKAGES], {
    reject: false,
    timeout: 60_000,
    stdin: 'ignore',
  });
  const [site, ...packages] = String(made.stdout ?? '')
    .split('\n')
    .filter(Boolean);
  if (made.exitCode !== 0 || !site) return null;
  await mkdir(site, { recursive: true });
  for (const found of packages) await symlink(found, join(site, basename(found)));
  return join(dir, 'bin', 'python3');
}
