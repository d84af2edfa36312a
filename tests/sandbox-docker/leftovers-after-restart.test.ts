// Leftovers of checks that are no longer running: an engine killed under a batch keeps their
// containers and volumes when it comes back. `rpe sandbox doctor` names them and removes them, and
// a batch whose every submission resumes removes them too. Both run on a private dockerd this file
// starts (its own data root, exec root and socket in a temporary folder), killed by the pid it was
// started with; no other engine is stopped or swept.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRunnerImages,
  connectEngine,
  readEngineConfig,
  runLabels,
  type Engine,
} from '../../sandbox/engine/index.js';
import { rpe } from '../sandbox/run-rpe.js';
import {
  containersOfRun,
  engine,
  ensureImages,
  IMAGE_BUILD_TIMEOUT_MS,
  SUBMISSIONS,
  volumesOfRun,
} from './docker-engine.js';

const DOCKERD = ['/usr/sbin/dockerd', '/usr/bin/dockerd'].find((p) => existsSync(p));
const root = process.getuid?.() === 0;
if (!DOCKERD || !root)
  process.stderr.write(
    `\n!! SKIPPED: the engine-restart test starts a private dockerd, which needs root and dockerd (${DOCKERD ?? 'not found'}).\n\n`,
  );

const tmp = mkdtempSync(join(tmpdir(), 'rpe-leftovers-'));
const socket = join(tmp, 'docker.sock');
const url = `unix://${socket}`;
let dockerd: ChildProcess | null = null;

// A pid no process has any more: one that has just ended.
function deadPid(): number {
  const child = spawnSync('true');
  return child.pid ?? 2 ** 22 + 1;
}

// Starts the private engine and waits until it answers.
async function startEngine(): Promise<Engine> {
  writeFileSync(join(tmp, 'daemon.json'), '{}');
  dockerd = spawn(
    DOCKERD ?? 'dockerd',
    [
      '--config-file',
      join(tmp, 'daemon.json'),
      '--host',
      url,
      '--data-root',
      join(tmp, 'data'),
      '--exec-root',
      join(tmp, 'exec'),
      '--pidfile',
      join(tmp, 'dockerd.pid'),
      '--bridge=none',
      '--iptables=false',
      '--ip6tables=false',
      '--storage-driver=overlay2',
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  const config = readEngineConfig({ ...process.env, DOCKER_HOST: url });
  for (let i = 0; i < 120; i++) {
    if (dockerd.exitCode !== null) break;
    try {
      return await connectEngine(config);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`the private dockerd did not answer at ${url}`);
}

// Kills the private engine by the pid it was started with (and the containerd it started), at once.
async function killEngine(): Promise<void> {
  const started = dockerd;
  if (!started || started.exitCode !== null) return;
  const exited = new Promise((resolve) => started.once('exit', resolve));
  started.kill('SIGKILL');
  await exited;
  const containerd = join(tmp, 'exec', 'containerd', 'containerd.pid');
  if (existsSync(containerd)) {
    const pid = Number(readFileSync(containerd, 'utf8'));
    // Only while the pid is still this folder's containerd: one that died with its dockerd may
    // have left its pid to another process by now.
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      // Already gone.
    }
    if (cmdline.includes(`${tmp}/`)) process.kill(pid, 'SIGKILL');
    rmSync(containerd, { force: true });
  }
  rmSync(join(tmp, 'dockerd.pid'), { force: true });
}

// An image with an empty root filesystem: enough to create (not start) a container.
async function emptyImage(on: Engine): Promise<string> {
  const pack = tar.pack();
  pack.entry({ name: 'empty', type: 'directory' });
  pack.finalize();
  const stream = await on.docker.importImage(pack, { repo: 'rpe-leftover-test', tag: 'empty' });
  await new Promise((resolve, reject) =>
    on.docker.modem.followProgress(stream, (error) => (error ? reject(error) : resolve(null))),
  );
  return 'rpe-leftover-test:empty';
}

// What a check leaves on an engine that dies under it: containers and volumes with its labels.
async function leaveBehind(on: Engine, runId: string, pid: number, session: string, n: number) {
  const labels = runLabels({ ...on.config, sessionId: session, pid }, runId);
  const image = await emptyImage(on);
  for (let i = 0; i < n; i++) {
    await on.docker.createContainer({ Image: image, Cmd: ['/none'], Labels: labels });
    await on.docker.createVolume({ Name: `${runId}-${i}`, Labels: labels });
  }
}

// What dockerd mounted under the folder and, killed, did not unmount (its data root on itself).
function unmountUnder(folder: string): void {
  const points = readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[4] ?? '')
    .filter((point) => point === folder || point.startsWith(`${folder}/`))
    .sort((a, b) => b.length - a.length);
  for (const point of points) spawnSync('umount', ['-l', point]);
}

afterAll(async () => {
  await killEngine();
  unmountUnder(tmp);
  rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!DOCKERD || !root)(
  'leftovers on an engine killed and restarted',
  { timeout: 300_000 },
  () => {
    it('stay after the restart; doctor names them first, removes them, and spares a live check', async () => {
      let engine2 = await startEngine();
      const gone = `gone-${process.pid}`;
      const live = `live-${process.pid}`;
      await leaveBehind(engine2, gone, deadPid(), 'a-batch-that-died', 2);
      // A check still running elsewhere on this machine: its process is alive.
      await leaveBehind(engine2, live, process.pid, 'another-check', 1);
      await killEngine();
      engine2 = await startEngine();
      expect((await containersOfRun(gone, engine2)).length).toBe(2);
      expect((await volumesOfRun(gone, engine2)).length).toBe(2);

      const doctor = await rpe(['sandbox', 'doctor', '--engine', url, '--json']);
      const diagnosis = JSON.parse(doctor.stdout) as {
        engines: { checks: { name: string; status: string; detail: string }[] }[];
      };
      const checks = diagnosis.engines[0]?.checks ?? [];
      expect(checks.find((c) => c.name === 'leftovers')).toEqual({
        name: 'leftovers',
        status: 'warning',
        detail:
          '2 containers and 2 volumes of checks no longer running left on the engine: removed',
      });
      // This engine has no bridge network (--bridge=none): doctor says what the install step needs.
      expect(checks.find((c) => c.name === 'install network')?.status).toBe('warning');
      expect(await containersOfRun(gone, engine2)).toEqual([]);
      expect(await volumesOfRun(gone, engine2)).toEqual([]);
      expect((await containersOfRun(live, engine2)).length).toBe(1);
      expect((await volumesOfRun(live, engine2)).length).toBe(1);

      const again = await rpe(['sandbox', 'doctor', '--engine', url, '--json']);
      const second = JSON.parse(again.stdout) as typeof diagnosis;
      expect(second.engines[0]?.checks.find((c) => c.name === 'leftovers')?.detail).toBe('none');
    });
  },
);

// On this file's private engine, not the default one: on a machine shared with another test run,
// that run's batches and doctors sweep the default engine too, and could remove the leftovers this
// test makes before its own batch finds them.
// 30 minutes: it starts an engine and imports both runner images into it, which two test runs
// and a CPU-bound process beside them made last more than 10 minutes; it is not about time.
describe.skipIf(!engine || !DOCKERD || !root)(
  'a batch whose every submission resumes',
  { timeout: 1_800_000 },
  () => {
    beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

    it('removes the leftovers of checks no longer running on the engines it reaches', async () => {
      const engine2 =
        dockerd !== null && dockerd.exitCode === null
          ? await connectEngine(readEngineConfig({ ...process.env, DOCKER_HOST: url }))
          : await startEngine();
      // The images come from the cache the default engine's build filled: imported, not rebuilt.
      await buildRunnerImages(engine2);
      const subs = join(tmp, 'subs');
      mkdirSync(subs, { recursive: true });
      cpSync(join(SUBMISSIONS, 'good-python'), join(subs, 'team-a'), { recursive: true });
      writeFileSync(join(tmp, 'seeds.txt'), '3\n');
      const args = [
        'sandbox',
        'batch',
        '--submissions',
        subs,
        '--seeds-file',
        join(tmp, 'seeds.txt'),
        '--out',
        join(tmp, 'out'),
        '--engine',
        url,
      ];
      const first = await rpe(args);
      expect(first.code, first.stderr).toBe(0);
      const runId = `batch-gone-${process.pid}`;
      const image = (await engine2.docker.listImages()).find((i) =>
        i.RepoTags?.some((t) => t.startsWith('rpe-runner-python:')),
      )?.RepoTags?.[0];
      if (!image) throw new Error('no runner image');
      const labels = runLabels(
        { ...engine2.config, sessionId: 'a-batch-that-died', pid: deadPid() },
        runId,
      );
      await engine2.docker.createContainer({ Image: image, Cmd: ['true'], Labels: labels });
      await engine2.docker.createVolume({ Name: `rpe-test-${runId}`, Labels: labels });
      const second = await rpe(args);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toMatch(/^team-a\teligible \(resumed\)/m);
      expect(second.stderr).toMatch(
        /: removed \d+ containers? and \d+ volumes? of checks no longer running/,
      );
      expect(await containersOfRun(runId, engine2)).toEqual([]);
      expect(await volumesOfRun(runId, engine2)).toEqual([]);
    });
  },
);
