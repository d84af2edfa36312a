import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFLINE_INSTALL, resolveInstallSource } from './install-source.js';
import { installerArgs, installNotes, planInstall } from './plan-install.js';
import { readPipReport } from './read-installed-packages.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const scratch = temporaryFolder('rpe-plan-');

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(scratch, 'rpe-plan-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const INDEX = { network: 'host', indexUrl: 'http://127.0.0.1:9/simple/', npmRegistry: null };
const lock = (entry: Record<string, unknown>) =>
  JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/a': entry } });

describe('planInstall', () => {
  it('installs from vendor/ without a network when vendor/ holds every pin, whatever the source', async () => {
    const dir = tree({
      'requirements.txt': 'tiny==1.0\n',
      'vendor/tiny-1.0-py3-none-any.whl': '',
    });
    expect(await planInstall(dir, 'python', INDEX)).toEqual({
      kind: 'pip',
      network: 'none',
      index: null,
    });
  });

  it('fetches a pinned requirement vendor/ lacks over the install network, from the index given', async () => {
    const dir = tree({ 'requirements.txt': 'tiny==1.0\n' });
    const plan = await planInstall(dir, 'python', INDEX);
    expect(plan).toEqual({ kind: 'pip', network: 'host', index: 'http://127.0.0.1:9/simple/' });
    if (plan.kind !== 'pip') throw new Error('not pip');
    const args = installerArgs(plan, '/submission', '/deps/python');
    expect(args.slice(0, 3)).toEqual(['install', '--index-url', 'http://127.0.0.1:9/simple/']);
    expect(args).not.toContain('--no-index');
    expect(args.slice(-2)).toEqual(['--report', '-']);
    // Offline, the same tree is installed from vendor/ only, and fails there (install_failed).
    const offline = await planInstall(dir, 'python', OFFLINE_INSTALL);
    expect(offline).toEqual({ kind: 'pip', network: 'none', index: null });
    if (offline.kind !== 'pip') throw new Error('not pip');
    expect(installerArgs(offline, '/t', '/d').slice(0, 2)).toEqual(['install', '--no-index']);
  });

  it('refuses to fetch an unpinned requirement: no network call can make it reproducible', async () => {
    const dir = tree({ 'requirements.txt': 'tiny==1.0\npyyaml\n' });
    const plan = await planInstall(dir, 'python', INDEX);
    expect(plan).toMatchObject({ kind: 'refused', installer: 'pip' });
    if (plan.kind !== 'refused') throw new Error('not refused');
    // Unpinned and vendored, it is installed from vendor/ as before (still requirements_unpinned).
    const vendored = tree({
      'requirements.txt': 'pyyaml\n',
      'vendor/PyYAML-6.0-py3-none-any.whl': '',
    });
    expect(await planInstall(vendored, 'python', INDEX)).toMatchObject({ network: 'none' });
    expect(plan.message).toBe(
      'install step refused: requirements.txt line 2: pyyaml is not pinned with == and not in vendor/; with a network the install step fetches only pinned requirements',
    );
  });

  it('installs a registry lock with the network, refuses it without, and refuses what no registry serves', async () => {
    const registry = tree({
      'package-lock.json': lock({ version: '1.0.0', resolved: 'https://r.example/a-1.0.0.tgz' }),
    });
    expect(await planInstall(registry, 'node', INDEX)).toEqual({
      kind: 'npm',
      network: 'host',
      index: null,
    });
    expect(await planInstall(registry, 'node', OFFLINE_INSTALL)).toMatchObject({
      kind: 'refused',
      installer: 'npm',
    });
    const git = tree({
      'package-lock.json': lock({ version: '1.0.0', resolved: 'git+ssh://git@x/a.git#abc' }),
    });
    expect(await planInstall(git, 'node', INDEX)).toMatchObject({ kind: 'refused' });
  });

  it('installs the lock of a generate.py beside a package-lock.json and no requirement (it runs Node)', async () => {
    const dir = tree({
      'requirements.txt': '# nothing\n',
      'package-lock.json': lock({ version: '1.0.0', resolved: 'file:vendor/a.tgz' }),
      'vendor/a.tgz': '',
    });
    expect(await planInstall(dir, 'python', INDEX)).toEqual({
      kind: 'npm',
      network: 'none',
      index: null,
    });
  });
});

describe('resolveInstallSource', () => {
  it('defaults to the bridge network, takes PIP_INDEX_URL and npm_config_registry, and prefers the options', () => {
    expect(resolveInstallSource({}, {})).toEqual({
      network: 'bridge',
      indexUrl: null,
      npmRegistry: null,
    });
    const env = { PIP_INDEX_URL: 'https://pypi.example/simple', npm_config_registry: 'http://n/' };
    expect(resolveInstallSource({}, env)).toEqual({
      network: 'bridge',
      indexUrl: 'https://pypi.example/simple',
      npmRegistry: 'http://n/',
    });
    expect(
      resolveInstallSource({ installNetwork: 'none', indexUrl: 'http://127.0.0.1:1/s/' }, env),
    ).toMatchObject({ network: 'none', indexUrl: 'http://127.0.0.1:1/s/' });
  });

  it('refuses a network name Docker would refuse and an index that is not http(s), in one line', () => {
    expect(() => resolveInstallSource({ installNetwork: 'no such' }, {})).toThrow(
      /^--install-network must name a Docker network .* got "no such"$/,
    );
    expect(() => resolveInstallSource({ indexUrl: 'ftp://x/' }, {})).toThrow(
      '--index-url must be an http:// or https:// URL, got "ftp://x/"',
    );
    expect(() => resolveInstallSource({}, { PIP_INDEX_URL: 'pypi' })).toThrow(/^PIP_INDEX_URL /);
  });
});

describe('readPipReport and installNotes', () => {
  it('lists what pip installed with the sha256 of each file, a vendored wheel by its path in the tree', () => {
    const report = {
      version: '1',
      install: [
        {
          metadata: { name: 'zeta', version: '2.0' },
          download_info: {
            url: 'http://127.0.0.1:9/files/zeta-2.0-py3-none-any.whl',
            archive_info: { hash: `sha256=${'b'.repeat(64)}` },
          },
        },
        {
          metadata: { name: 'alpha', version: '1.0' },
          download_info: {
            url: 'file:///submission/vendor/alpha-1.0-py3-none-any.whl',
            archive_info: { hashes: { sha256: 'a'.repeat(64) } },
          },
        },
      ],
    };
    const packages = readPipReport(JSON.stringify(report), '/submission');
    expect(packages).toEqual([
      {
        name: 'alpha',
        version: '1.0',
        file: 'vendor/alpha-1.0-py3-none-any.whl',
        sha256: 'a'.repeat(64),
      },
      {
        name: 'zeta',
        version: '2.0',
        file: 'http://127.0.0.1:9/files/zeta-2.0-py3-none-any.whl',
        sha256: 'b'.repeat(64),
      },
    ]);
    expect(readPipReport('not json', '/submission')).toEqual([]);
    const notes = installNotes({
      kind: 'pip',
      ok: true,
      seconds: 1.25,
      network: 'host',
      index: 'http://127.0.0.1:9/simple/',
      packages,
    });
    expect(notes).toEqual([
      'requirements.txt installed with pip from http://127.0.0.1:9/simple/ over the network "host" (the runs had none) in 1.3 s: 2 packages, listed in install',
    ]);
  });
});
