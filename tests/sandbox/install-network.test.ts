// Install with the network, run without it: a pinned requirement that vendor/ does not hold is
// fetched by the install step from a package index (here a loopback one this file starts, with a
// wheel it builds), the report lists what was installed with the sha256 of each file, and the runs
// have no network. An unpinned requirement is not fetched; `--install-network none` is the
// offline mode. `rpe check` and `rpe sandbox run` agree; `rpe sandbox verify` repeats the install.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema, type Report } from '../../sandbox/index.js';
import { engine, ensureImages, IMAGE_BUILD_TIMEOUT_MS } from '../sandbox-docker/docker-engine.js';
import { temporaryFolder } from '../temporary-folder.js';
import { fixture } from './fixture-paths.js';
import { rpe } from './run-rpe.js';

const tmp = temporaryFolder('rpe-install-network-');
const WHEEL = 'rpe_tiny_dep-1.0.0-py3-none-any.whl';

// The wheel the requirements-vendored fixture vendors, built here from its parts with zipfile.
function buildWheel(): Buffer {
  const script = `
import base64, hashlib, sys, zipfile
files = {
  "rpe_tiny_dep/__init__.py": b'def line(seed):\\n    return \\'{"input": "zale\\\\u017cno\\\\u015b\\\\u0107 %d", "gold": "tak"}\\' % seed\\n',
  "rpe_tiny_dep-1.0.0.dist-info/METADATA": b"Metadata-Version: 2.1\\nName: rpe-tiny-dep\\nVersion: 1.0.0\\n",
  "rpe_tiny_dep-1.0.0.dist-info/WHEEL": b"Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n",
}
record = ["%s,sha256=%s,%d" % (k, base64.urlsafe_b64encode(hashlib.sha256(v).digest()).rstrip(b"=").decode(), len(v)) for k, v in files.items()]
files["rpe_tiny_dep-1.0.0.dist-info/RECORD"] = ("\\n".join(record + ["rpe_tiny_dep-1.0.0.dist-info/RECORD,,"]) + "\\n").encode()
with zipfile.ZipFile(sys.argv[1], "w") as z:
  for k, v in files.items():
    z.writestr(zipfile.ZipInfo(k, (2024, 1, 1, 0, 0, 0)), v)
`;
  const path = join(tmp, WHEEL);
  execFileSync('python3', ['-c', script, path]);
  return readFileSync(path);
}

// A PEP 503 index on 127.0.0.1 with the one wheel; it counts the requests for the file.
function startIndex(
  wheel: Buffer,
): Promise<{ server: Server; url: string; fetched: () => number }> {
  const sha256 = createHash('sha256').update(wheel).digest('hex');
  let fetched = 0;
  const server = createServer((request, response) => {
    if (request.url === '/simple/rpe-tiny-dep/') {
      response.setHeader('content-type', 'text/html');
      response.end(`<a href="/files/${WHEEL}#sha256=${sha256}">${WHEEL}</a>\n`);
    } else if (request.url === `/files/${WHEEL}`) {
      fetched++;
      response.setHeader('content-type', 'application/octet-stream');
      response.end(wheel);
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/simple/`, fetched: () => fetched });
    }),
  );
}

// The requirements-vendored fixture without its vendor/: the pin must come from the index.
function submission(name: string, requirements: string): string {
  const dir = join(tmp, name);
  cpSync(fixture('requirements-vendored'), dir, {
    recursive: true,
    filter: (path) => !path.includes('/vendor'),
  });
  writeFileSync(join(dir, 'requirements.txt'), requirements);
  return dir;
}

async function check(mode: 'check' | 'docker', dir: string, extra: string[]) {
  const command = mode === 'check' ? ['check'] : ['sandbox', 'run'];
  const r = await rpe([...command, dir, '--seeds', '0,1', '--json', ...extra]);
  const report = r.stdout ? (reportSchema.parse(JSON.parse(r.stdout)) as Report) : null;
  return { code: r.code, report, stderr: r.stderr };
}

let index: Awaited<ReturnType<typeof startIndex>>;
let wheelSha = '';
afterAll(() => {
  index?.server.close();
});

describe.skipIf(!engine)('the install step with a network', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    await ensureImages();
    const wheel = buildWheel();
    wheelSha = createHash('sha256').update(wheel).digest('hex');
    index = await startIndex(wheel);
  }, IMAGE_BUILD_TIMEOUT_MS);

  it('installs a pinned requirement from the index and runs without a network: eligible, the package listed', async () => {
    const dir = submission('pinned', 'rpe-tiny-dep==1.0.0\n');
    // The install container on the host network reaches the loopback index.
    const flags = ['--install-network', 'host', '--index-url', index.url];
    const out = join(tmp, 'receipt');
    const local = await check('check', dir, flags);
    const docker = await check('docker', dir, [...flags, '--report-dir', out]);
    const installed = {
      installer: 'pip',
      index: index.url,
      packages: [
        {
          name: 'rpe-tiny-dep',
          version: '1.0.0',
          file: `${index.url.replace('/simple/', '/files/')}${WHEEL}`,
          sha256: wheelSha,
        },
      ],
    };
    for (const [result, network] of [
      [local, 'host'],
      [docker, 'host'],
    ] as const) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.report?.verdict).toBe('eligible');
      expect(result.report?.reasons).toEqual([]);
      expect(result.report?.install).toEqual({ ...installed, network, requested_network: network });
      expect(result.report?.runner).toBe('python');
    }
    expect(index.fetched()).toBe(2);
    expect(docker.report?.seeds.map((s) => s.output_sha256)).toEqual(
      local.report?.seeds.map((s) => s.output_sha256),
    );
    // The runs had no network: every run traced, none attempted.
    const runs = docker.report?.seeds.flatMap((s) => s.runs) ?? [];
    expect(runs.length).toBe(4);
    expect(runs.every((r) => (r.network_attempts ?? ['untraced']).length === 0)).toBe(true);

    // An auditor repeats it from the receipt: the index it recorded is used again.
    const verified = await rpe(['sandbox', 'verify', out, '--install-network', 'host']);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^same$/m);
    expect(index.fetched()).toBe(3);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain(
      `  - rpe-tiny-dep 1.0.0: \`${installed.packages[0]?.file}\` sha256 ${wheelSha}`,
    );
  });

  it('does not fetch an unpinned requirement: requirements_unpinned, the install refused, nothing asked of the index', async () => {
    const dir = submission('unpinned', 'rpe-tiny-dep\n');
    const before = index.fetched();
    for (const mode of ['check', 'docker'] as const) {
      const { code, report } = await check(mode, dir, [
        '--install-network',
        'host',
        '--index-url',
        index.url,
      ]);
      expect(code).toBe(1);
      expect(report?.verdict).toBe('incomplete');
      expect(report?.reasons.map((r) => r.code)).toEqual([
        'requirements_unpinned',
        'install_failed',
      ]);
      expect(report?.reasons[1]?.message).toMatch(
        /^install step refused: requirements.txt line 1: rpe-tiny-dep is not pinned with ==/,
      );
      expect(report?.seeds).toEqual([]);
    }
    expect(index.fetched()).toBe(before);
  });

  it('--install-network none is the offline mode: requirements_unvendored, install_failed', async () => {
    const dir = submission('offline', 'rpe-tiny-dep==1.0.0\n');
    const { code, report } = await check('docker', dir, ['--install-network', 'none']);
    expect(code).toBe(1);
    expect(report?.reasons.map((r) => r.code)).toEqual([
      'requirements_unvendored',
      'install_failed',
    ]);
  });

  it('names the network when the engine lacks it (a dockerd with --bridge=none has no bridge)', async () => {
    if (!engine) return;
    const networks = (await engine.docker.listNetworks()).map((n) => n.Name);
    const dir = submission('no-bridge', 'rpe-tiny-dep==1.0.0\n');
    const missing = networks.includes('bridge') ? 'rpe-no-such-network' : 'bridge';
    const r = await rpe(['sandbox', 'run', dir, '--seeds', '0', '--install-network', missing]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(`^rpe: the install step needs a network .* has no network "${missing}"`, 'm'),
    );
  });
});
