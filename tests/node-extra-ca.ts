// NODE_EXTRA_CA_CERTS makes every Node process read and parse the bundle it names as it starts:
// where it names the system's bundle (some 140 certificates), about 0.04 s of CPU of each run of
// `rpe`, which the suite starts some 900 times (docs/performance.md). No process of the tests
// needs it: the panel's tests answer on plain HTTP on the loopback, the local installs run npm and
// pip with an environment of their own, and npm, which the scaffolds run against the registry,
// does not use it when its configuration names a `cafile` (its own CAs then replace Node's). So
// where npm has a `cafile`, the run goes without the variable; where it has none, the variable
// stays, since npm would then need it.
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';

/**
 * npm's `cafile`, or null when it has none (or npm does not answer): asked outside the checkout,
 * as the tests' npm runs in temporary folders see it, not with a project `.npmrc` of ours.
 */
export function npmCafile(): string | null {
  try {
    const value = execFileSync('npm', ['config', 'get', 'cafile'], {
      cwd: tmpdir(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return value === '' || value === 'null' || value === 'undefined' ? null : value;
  } catch {
    return null;
  }
}

/**
 * Drops NODE_EXTRA_CA_CERTS from `env` when npm has a `cafile` of its own; says in words what it
 * did, or gives null when there was nothing to do.
 */
export function withoutExtraCaCerts(
  env: NodeJS.ProcessEnv,
  cafile: () => string | null = npmCafile,
): string | null {
  const extra = env.NODE_EXTRA_CA_CERTS;
  if (extra === undefined || extra === '') return null;
  const own = cafile();
  if (own === null) return `NODE_EXTRA_CA_CERTS kept: npm has no cafile of its own`;
  delete env.NODE_EXTRA_CA_CERTS;
  return `NODE_EXTRA_CA_CERTS (${extra}) left out of the run: npm reads ${own}`;
}
