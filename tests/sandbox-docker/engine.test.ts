import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  inspectRunnerImages,
  LABELS,
  RUNNER_IMAGES,
  startSandbox,
  sweepLeftovers,
  TSX_LOADER,
} from '../../sandbox/engine/index.js';
import {
  containersOfRun,
  engine,
  ensureImages,
  IMAGE_BUILD_TIMEOUT_MS,
  volumesOfRun,
} from './docker-engine.js';

const root = join(import.meta.dirname, '..', '..');
const rpe = (...args: string[]) =>
  execa('node', ['bin/rpe.js', ...args], { cwd: root, reject: false });

async function labelledContainer(labels: Record<string, string>): Promise<string> {
  if (!engine) throw new Error('no engine');
  const container = await engine.docker.createContainer({
    Image: RUNNER_IMAGES.python,
    Cmd: ['sleep', 'infinity'],
    Labels: labels,
    HostConfig: { NetworkMode: 'none' },
  });
  return container.id;
}

describe.skipIf(!engine)('Docker engine', () => {
  beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

  it('has both runner images, labelled with the recipe tag', async () => {
    if (!engine) return;
    const images = await inspectRunnerImages(engine);
    expect(images.map((i) => [i.kind, i.present])).toEqual([
      ['python', true],
      ['node', true],
    ]);
    for (const image of images) expect(image.labels[LABELS.recipe]).toBe(RUNNER_IMAGES.tag);
  });

  it('the node image carries node, npm and tsx but no toolkit; the python image pip and strace', async () => {
    const run = (image: string, ...cmd: string[]) =>
      execa('docker', ['run', '--rm', '--network', 'none', '--user', '10002', image, ...cmd], {
        reject: false,
      });
    // One container an image: each command's output on lines of its own.
    const node = await run(
      RUNNER_IMAGES.node,
      'sh',
      '-c',
      'node --input-type=module -e "$1"; node /usr/local/lib/node_modules/npm/bin/npm-cli.js --version',
      'sh',
      `await import('${TSX_LOADER}'); const m = await import('reverse-poleval').catch((e) => e.code); console.log(process.version, m)`,
    );
    expect(node.stderr).toBe('');
    const [versions, npm, ...rest] = node.stdout.split('\n');
    expect(versions).toBe(`${process.version} ERR_MODULE_NOT_FOUND`);
    expect(npm).toMatch(/^\d+\.\d+\.\d+$/);
    expect(rest).toEqual([]);
    // Execute-only, so a running strace is not dumpable and its tracee cannot read its files.
    const python = await run(
      RUNNER_IMAGES.python,
      'sh',
      '-c',
      'python3 -m pip --version; stat -c %a /usr/bin/strace /usr/lib/rpe/sh; strace -V',
    );
    expect(python.stdout).toMatch(/^pip \d+[^\n]*\n711\n711\nstrace -- version \d+/);
  }, 300_000);

  it('sweeps containers and volumes whose creating process is gone, and spares a live process', async () => {
    if (!engine) return;
    const runId = `sweep-${randomUUID()}`;
    // Labelled as from a host of this test's own: every other check on the engine (another test
    // file's, another clone's) sees them as another machine's recent containers and leaves them,
    // so only the sweep below, which takes that host for its own, can remove the dead ones.
    const host = `rpe-test-host-${runId}`;
    const sweeper = { ...engine, config: { ...engine.config, host } };
    const base = {
      [LABELS.run]: runId,
      [LABELS.host]: host,
      [LABELS.created]: new Date().toISOString(),
    };
    // pid 2**22 + 1 is above Linux's pid_max, so no process can have it.
    const dead = await labelledContainer({
      ...base,
      [LABELS.session]: 'gone',
      [LABELS.pid]: String(2 ** 22 + 1),
    });
    const alive = await labelledContainer({
      ...base,
      [LABELS.session]: 'alive',
      [LABELS.pid]: String(process.ppid),
    });
    const volume = async (name: string, labels: Record<string, string>) => {
      await engine?.docker.createVolume({ Name: name, Labels: { ...base, ...labels } });
      return name;
    };
    const deadVolume = await volume(`rpe-test-${runId}-dead`, {
      [LABELS.session]: 'gone',
      [LABELS.pid]: String(2 ** 22 + 1),
    });
    const aliveVolume = await volume(`rpe-test-${runId}-alive`, {
      [LABELS.session]: 'alive',
      [LABELS.pid]: String(process.ppid),
    });
    try {
      const swept = await sweepLeftovers(sweeper);
      expect(swept.removedContainers).toContain(dead);
      expect(swept.removedContainers).not.toContain(alive);
      expect(await containersOfRun(runId)).toEqual([alive]);
      expect(swept.removedVolumes).toContain(deadVolume);
      expect(await volumesOfRun(runId)).toEqual([aliveVolume]);
    } finally {
      await engine.docker
        .getVolume(aliveVolume)
        .remove()
        .catch(() => undefined);
      await engine.docker
        .getVolume(deadVolume)
        .remove()
        .catch(() => undefined);
      await engine.docker.getContainer(alive).remove({ force: true });
      await engine.docker
        .getContainer(dead)
        .remove({ force: true })
        .catch(() => undefined);
    }
  });

  it('removes a container whose start fails before rethrowing', async () => {
    if (!engine) return;
    const runId = `failed-start-${randomUUID()}`;
    const spec = {
      image: RUNNER_IMAGES.python,
      runId,
      hostname: 'rpe-test',
      // A volume mounted over a file: created fine, refused at start.
      mounts: [{ volume: `rpe-test-${runId}`, target: '/usr/bin/env', readOnly: true }],
      network: 'none' as const,
      memoryBytes: 64 * 1024 * 1024,
      cpus: 1,
      pids: 16,
      outputBytes: 1024 * 1024,
      tmpBytes: 1024 * 1024,
    };
    try {
      await expect(startSandbox(engine, spec)).rejects.toThrow(/not a directory|mount/i);
      expect(await containersOfRun(runId)).toEqual([]);
    } finally {
      await engine.docker
        .getVolume(`rpe-test-${runId}`)
        .remove()
        .catch(() => undefined);
    }
  });

  it('removes the containers of a run interrupted with SIGINT', async () => {
    const runId = `interrupt-${randomUUID()}`;
    const child = spawn(
      'node',
      ['--import', 'tsx', join(import.meta.dirname, 'interrupt-child.ts'), runId],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('running') && resolve());
      child.on('exit', () => reject(new Error('the child ended before its run started')));
    });
    // The run's container and the keeper of its volumes.
    expect(await containersOfRun(runId)).toHaveLength(2);
    expect(await volumesOfRun(runId)).not.toEqual([]);
    child.kill('SIGINT');
    const [, signal] = (await new Promise((resolve) =>
      child.on('exit', (...args) => resolve(args)),
    )) as [number | null, string | null];
    expect(signal).toBe('SIGINT');
    expect(await containersOfRun(runId)).toEqual([]);
    expect(await volumesOfRun(runId)).toEqual([]);
  }, 300_000);

  it('rpe sandbox doctor --json says the sandbox is ready', async () => {
    const result = await rpe('sandbox', 'doctor', '--json');
    const report = JSON.parse(result.stdout) as {
      ok: boolean;
      checks: { name: string; status: string }[];
    };
    expect(report.checks.find((c) => c.name === 'engine')?.status).toBe('ok');
    expect(report.checks.find((c) => c.name === 'image python')?.status).toBe('ok');
    expect(report.ok).toBe(true);
    expect(result.exitCode).toBe(0);
  });

  it('rpe sandbox doctor exits 1 and says how to start an engine when none answers', async () => {
    const result = await execa('node', ['bin/rpe.js', 'sandbox', 'doctor'], {
      cwd: root,
      reject: false,
      env: { DOCKER_HOST: 'unix:///nonexistent/docker.sock' },
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(
      /^missing +engine +no engine answers at unix:\/\/\/nonexistent\/docker\.sock/m,
    );
    expect(result.stdout).toMatch(/fix: start one with `bash scripts\/ci\/setup-docker\.sh`/);
  });

  it('rpe sandbox images build --json reports the current images without rebuilding', async () => {
    const result = await rpe('sandbox', 'images', 'build', '--json');
    expect(result.exitCode).toBe(0);
    const { images } = JSON.parse(result.stdout) as {
      images: { ref: string; built: boolean; id: string }[];
    };
    expect(images.map((i) => [i.ref, i.built])).toEqual([
      [RUNNER_IMAGES.python, false],
      [RUNNER_IMAGES.node, false],
    ]);
  });
  it('rpe sandbox run --cpus above what the engine has is one line, exit 2, not an internal error', async () => {
    const fixture = join(root, 'tests', 'fixtures', 'submissions', 'good-python');
    const r = await rpe('sandbox', 'run', fixture, '--seeds', '1', '--cpus', '200', '--json');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^rpe: --cpus 200: Range of CPUs is from [^\n]+$/);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'bad_limit', exit_code: 2 } });
  });
});
