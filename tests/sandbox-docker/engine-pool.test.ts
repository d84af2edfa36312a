import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchRow, Report } from '../../sandbox/check/index.js';
import {
  inspectRunnerImages,
  RUNNER_IMAGES,
  sweepLeftovers,
  type EngineImages,
  type PoolDiagnosis,
} from '../../sandbox/engine/index.js';
import { temporaryFolder } from '../temporary-folder.js';
import { engine, ensureImages, IMAGE_BUILD_TIMEOUT_MS, SUBMISSIONS } from './docker-engine.js';
import { startFreezableProxy } from './freezable-proxy.js';
import {
  ENGINE2,
  ENGINE2_PID,
  MAIN_ENGINE,
  restartTestEngines,
  SSH_ENGINE,
  TLS_CLIENT_DIR,
  TLS_DIR,
  TLS_ENGINE,
  testEngines,
} from './test-engines.js';

const root = join(import.meta.dirname, '..', '..');
const TLS_WITH_CERTS = `${TLS_ENGINE}#certs=${TLS_CLIENT_DIR}`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// The environment of a command: the main engine's (DOCKER_HOST and its TLS settings) unless the
// test names another engine, in which case that engine's settings alone; never RPE_ENGINES.
const clean = (env: Record<string, string> = {}) => {
  const base: NodeJS.ProcessEnv = { ...process.env, DOCKER_HOST: MAIN_ENGINE };
  if (env.DOCKER_HOST)
    for (const key of ['DOCKER_TLS_VERIFY', 'DOCKER_TLS', 'DOCKER_CERT_PATH']) delete base[key];
  delete base.RPE_ENGINES;
  return { ...base, ...env };
};
const rpe = (args: string[], env?: Record<string, string>) =>
  execa('node', ['bin/rpe.js', ...args], {
    cwd: root,
    reject: false,
    env: clean(env),
    extendEnv: false,
    // Kept, so that a test can tell one whole line from the start of one.
    stripFinalNewline: false,
    // A batch stopped with SIGTERM removes its containers first, which takes longer than
    // execa's 5 s on a loaded machine: no SIGKILL after it.
    forceKillAfterDelay: false,
  });

const engineArgs = (urls: string[]) => urls.flatMap((url) => ['--engine', url]);
const doctor = (urls: string[], ...extra: string[]) =>
  rpe(['sandbox', 'doctor', ...engineArgs(urls), ...extra]);
const buildImages = (urls: string[], ...extra: string[]) =>
  rpe(['sandbox', 'images', 'build', ...engineArgs(urls), ...extra]);

const scratch = temporaryFolder('rpe-pool-test-');

describe.skipIf(!engine || !testEngines)('a pool of Docker engines', () => {
  beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

  it(
    'images build imports the images into the second engine by content, with the same IDs',
    async () => {
      if (!testEngines) return;
      // Start from an empty second engine: the run's own, so these images are the run's too.
      for (const image of (await inspectRunnerImages(testEngines.engine2)).reverse())
        if (image.id) await testEngines.engine2.docker.getImage(image.ref).remove({ force: true });
      // A batch on it alone stops before any check, saying where the images are missing.
      writeFileSync(join(scratch, 'one.txt'), join(SUBMISSIONS, 'good-python'));
      writeFileSync(join(scratch, 'seeds.txt'), '0\n');
      const bare = await rpe([
        'sandbox',
        'batch',
        '--submissions',
        join(scratch, 'one.txt'),
        '--seeds-file',
        join(scratch, 'seeds.txt'),
        '--out',
        join(scratch, 'bare'),
        '--engine',
        ENGINE2,
      ]);
      expect(bare.exitCode).toBe(2);
      expect(bare.stderr).toBe(
        `rpe: no engine of the pool has the runner images: build them with \`rpe sandbox images build\` and the same engines (${ENGINE2})\n`,
      );
      const first = await buildImages([MAIN_ENGINE, ENGINE2], '--json');
      expect(first.exitCode, first.stderr).toBe(0);
      const doc = JSON.parse(first.stdout) as { source: string; engines: EngineImages[] };
      expect(doc.source).toBe(MAIN_ENGINE);
      const [main, second] = doc.engines;
      expect(second).toMatchObject({ url: ENGINE2, status: 'ok', method: 'imported' });
      expect(second?.from).toBe(MAIN_ENGINE);
      expect(second?.images.map((i) => [i.ref, i.how])).toEqual([
        [RUNNER_IMAGES.python, 'imported'],
        [RUNNER_IMAGES.node, 'imported'],
      ]);
      // The same image IDs on both engines, as each engine itself says.
      const onMain = await inspectRunnerImages(engine!);
      const onSecond = await inspectRunnerImages(testEngines.engine2);
      expect(onSecond.map((i) => i.id)).toEqual(onMain.map((i) => i.id));
      expect(main?.images.map((i) => i.id)).toEqual(onMain.map((i) => i.id));
      // A second run finds them current and sends nothing.
      const again = await buildImages([MAIN_ENGINE, ENGINE2]);
      expect(again.exitCode, again.stderr).toBe(0);
      expect(again.stdout).toContain(`engine ${ENGINE2}: already current`);
    },
    IMAGE_BUILD_TIMEOUT_MS,
  );

  it('doctor checks each engine in its own block, with a test container under the limits', async () => {
    const result = await doctor([MAIN_ENGINE, `${ENGINE2}#jobs=3`], '--json');
    const doc = JSON.parse(result.stdout) as PoolDiagnosis;
    expect(result.exitCode, result.stdout).toBe(0);
    expect(doc.engines.map((e) => [e.url, e.status, e.ok, e.jobs_from])).toEqual([
      [MAIN_ENGINE, 'ready', true, 'cpus'],
      [ENGINE2, 'ready', true, 'override'],
    ]);
    expect(doc.engines[1]?.jobs).toBe(3);
    for (const found of doc.engines) {
      const names = found.checks.map((c) => c.name);
      expect(names).toEqual([
        'engine',
        'storage driver',
        'capacity',
        'cgroup limits',
        'leftovers',
        'install network',
        'image python',
        'image node',
        'test container',
      ]);
      expect(found.checks.find((c) => c.name === 'test container')?.detail).toMatch(
        /^uid 10002, read-only root, no capabilities, no-new-privileges, no network, memory 64 MB, 32 processes \(\d+\.\d\d s\)$/,
      );
    }
    expect(doc.capacity).toBe((doc.engines[0]?.jobs ?? 0) + 3);
    const text = await doctor([MAIN_ENGINE, ENGINE2]);
    expect(text.stdout).toContain(`\nengine ${MAIN_ENGINE}: ready\n`);
    expect(text.stdout).toContain(`\nengine ${ENGINE2}: ready\n`);
    expect(text.stdout).toMatch(
      /\n2 of 2 engines ready, \d+ jobs at once; the Docker sandbox is ready\n$/,
    );
  });

  it('reaches the TLS engine with DOCKER_TLS_VERIFY=1, and with --engine URL#certs=DIR', async () => {
    const viaEnv = await rpe(['sandbox', 'doctor', '--json'], {
      DOCKER_HOST: TLS_ENGINE,
      DOCKER_TLS_VERIFY: '1',
      DOCKER_CERT_PATH: TLS_CLIENT_DIR,
    });
    expect(viaEnv.exitCode, viaEnv.stdout).toBe(0);
    const single = JSON.parse(viaEnv.stdout) as { checks: { name: string; detail: string }[] };
    expect(single.checks.find((c) => c.name === 'engine')?.detail).toMatch(
      new RegExp(` at ${escape(TLS_ENGINE)}$`),
    );
    const viaOption = await doctor([TLS_WITH_CERTS], '--json');
    expect(viaOption.exitCode, viaOption.stdout).toBe(0);
    const doc = JSON.parse(viaOption.stdout) as PoolDiagnosis;
    expect(doc.engines.map((e) => [e.url, e.status, e.ok])).toEqual([[TLS_ENGINE, 'ready', true]]);
  });

  it('counts one daemon reached by two URLs once, and says which', async () => {
    const result = await doctor([ENGINE2, TLS_WITH_CERTS], '--json');
    const doc = JSON.parse(result.stdout) as PoolDiagnosis;
    expect(doc.engines.map((e) => [e.url, e.status, e.same_as, e.jobs])).toEqual([
      [ENGINE2, 'ready', null, doc.engines[0]?.jobs],
      [TLS_ENGINE, 'duplicate', ENGINE2, 0],
    ]);
    expect(doc.capacity).toBe(doc.engines[0]?.jobs);
    expect(result.exitCode).toBe(0);
  });

  it('reaches an engine over ssh with the system ssh and its config, as the docker CLI does', async () => {
    const result = await doctor([SSH_ENGINE, MAIN_ENGINE], '--json');
    const doc = JSON.parse(result.stdout) as PoolDiagnosis;
    // The test sshd runs docker system dial-stdio on this machine: the main engine again.
    expect(doc.engines.map((e) => [e.url, e.status])).toEqual([
      [SSH_ENGINE, 'ready'],
      [MAIN_ENGINE, 'duplicate'],
    ]);
    expect(doc.engines[0]?.checks.find((c) => c.name === 'test container')?.status).toBe('ok');
    const refused = await buildImages(['ssh://root@127.0.0.1:1']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe(
      'rpe: no Docker engine answers at ssh://root@127.0.0.1:1: ssh: connect to host 127.0.0.1 port 1: Connection refused\n',
    );
  });

  it('gives one line for a TLS handshake the engine or the client refuses', async () => {
    // A client certificate from a CA the engine does not know, and a CA that did not sign the engine.
    const foreign = join(scratch, 'foreign');
    execFileSync('sh', [
      '-c',
      `mkdir -p ${foreign} && cd ${foreign} && openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 1 -subj /CN=stranger 2>/dev/null && cp cert.pem ca.pem`,
    ]);
    const wrongCa = await rpe(['sandbox', 'doctor'], {
      DOCKER_HOST: TLS_ENGINE,
      DOCKER_TLS_VERIFY: '1',
      DOCKER_CERT_PATH: foreign,
    });
    expect(wrongCa.exitCode).toBe(1);
    expect(wrongCa.stdout).toContain(
      `no engine answers at ${TLS_ENGINE}: TLS handshake failed: the engine's certificate does not check out against ${foreign}/ca.pem`,
    );
    // The right CA, but a client certificate the engine did not issue.
    copyFileSync(join(TLS_DIR, 'ca.pem'), join(foreign, 'ca.pem'));
    const wrongClient = await rpe(['sandbox', 'images', 'build'], {
      DOCKER_HOST: TLS_ENGINE,
      DOCKER_TLS_VERIFY: '1',
      DOCKER_CERT_PATH: foreign,
    });
    expect(wrongClient.exitCode).toBe(2);
    expect(wrongClient.stderr).toMatch(
      new RegExp(
        `^rpe: cannot use the Docker engine at ${escape(TLS_ENGINE)}: TLS handshake failed: the engine refused the client certificate \\S+/cert\\.pem \\(alert [a-z ]+\\)\n$`,
      ),
    );
    // A plain client at the TLS port.
    const plain = await rpe(['sandbox', 'images', 'build'], { DOCKER_HOST: TLS_ENGINE });
    expect(plain.stderr).toBe(
      `rpe: cannot use the Docker engine at ${TLS_ENGINE}: the engine speaks TLS: set DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH, or add #certs=DIR to its URL\n`,
    );
  });

  it("checks a submission on the second engine, whose containers cannot see this machine's temporary folders", async () => {
    if (!testEngines) return;
    // A bind mount of a folder of this run's temporary folder (TMPDIR) shows an empty folder
    // there, as on a remote engine's...
    writeFileSync(join(scratch, 'marker'), 'here');
    const probe = await execa(
      'docker',
      [
        '-H',
        ENGINE2,
        'run',
        '--rm',
        '-v',
        `${scratch}:/probe:ro`,
        RUNNER_IMAGES.python,
        'ls',
        '/probe',
      ],
      { reject: false },
    );
    expect(probe.stdout).toBe('');
    // ...yet a check there is eligible: nothing of this machine is mounted into its runs.
    const run = await rpe(
      ['sandbox', 'run', join(SUBMISSIONS, 'good-python'), '--seeds', '0', '--json'],
      { DOCKER_HOST: ENGINE2 },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.verdict).toBe('eligible');
    expect(report.engine).toMatchObject({ url: ENGINE2, version: expect.stringMatching(/^\d+\./) });
  });

  it('checks a TypeScript submission on the TLS engine reached with DOCKER_TLS_VERIFY=1', async () => {
    const run = await rpe(
      ['sandbox', 'run', join(SUBMISSIONS, 'good-typescript'), '--seeds', '3', '--json'],
      { DOCKER_HOST: TLS_ENGINE, DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: TLS_CLIENT_DIR },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.verdict).toBe('eligible');
    expect(report.engine?.url).toBe(TLS_ENGINE);
  });

  // The batches check a few dozen runs: on a loaded machine that takes many minutes.
  const BATCH_TIMEOUT_MS = 1_500_000;

  // Seven submissions, eligible and failing, each checked at seed 0. None is nondeterministic:
  // its diagnosis (some ten more runs) is the same on any engine and asserted in
  // tests/sandbox/docker-run.test.ts; what is asserted here is where each check runs.
  const BATCH = [
    'good-python',
    'good-typescript',
    'good-javascript',
    'static-list',
    'runtime-error',
    'invalid-items',
    'data-hash-missing',
  ];

  // A batch of `names` on `engines`; its rows, reports and stderr.
  async function batch(out: string, names: string[], engines: string[], ...extra: string[]) {
    const list = join(scratch, `${out}.txt`);
    writeFileSync(list, names.map((n) => join(SUBMISSIONS, n)).join('\n'));
    writeFileSync(join(scratch, 'seeds.txt'), '0\n');
    const result = await rpe([
      'sandbox',
      'batch',
      '--submissions',
      list,
      '--seeds-file',
      join(scratch, 'seeds.txt'),
      '--out',
      join(scratch, out),
      '--json',
      ...engineArgs(engines),
      ...extra,
    ]);
    const rows =
      result.exitCode === 0 ? (JSON.parse(result.stdout) as { rows: BatchRow[] }).rows : [];
    const reports = rows.map(
      (r) => JSON.parse(readFileSync(join(scratch, out, r.name, 'report.json'), 'utf8')) as Report,
    );
    return { result, rows, reports };
  }

  // What must not depend on the engine: verdicts, reasons and every run's output hash.
  const outcome = (rows: BatchRow[], reports: Report[]) =>
    rows.map((row, i) => ({
      name: row.name,
      verdict: row.verdict,
      reasons: row.reasons,
      image: row.image_id,
      outputs: reports[i]?.seeds.map((s) => [s.output_sha256, s.runs.map((r) => r.output_sha256)]),
    }));

  // Starts a batch of `names` at seed 0 with a timeout of 20 s on `engines`, without waiting.
  function startBatch(out: string, names: string[], engines: string[], ...extra: string[]) {
    const list = join(scratch, `${out}.txt`);
    writeFileSync(list, names.map((n) => join(SUBMISSIONS, n)).join('\n'));
    writeFileSync(join(scratch, 'seed.txt'), '0\n');
    return rpe([
      'sandbox',
      'batch',
      '--submissions',
      list,
      '--seeds-file',
      join(scratch, 'seed.txt'),
      '--out',
      join(scratch, out),
      '--timeout',
      '20',
      ...extra,
      ...engineArgs(engines),
    ]);
  }

  // Asks every quarter of a second, for at most five minutes, until `done` says yes.
  async function waitUntil(done: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 1200 && !(await done()); i++)
      await new Promise((resolve) => setTimeout(resolve, 250));
  }

  it(
    'spreads a batch over both engines with the same verdicts and output hashes as on one, skipping one that does not answer',
    async () => {
      const one = await batch('one', BATCH, [MAIN_ENGINE]);
      expect(one.result.exitCode, one.result.stderr).toBe(0);
      const pool = await batch('pool', BATCH, [
        `${MAIN_ENGINE}#jobs=1`,
        `${ENGINE2}#jobs=1`,
        'tcp://127.0.0.1:1',
      ]);
      expect(pool.result.exitCode, pool.result.stderr).toBe(0);
      expect(pool.result.stderr).toContain(
        'rpe sandbox batch: engine tcp://127.0.0.1:1 skipped: connection refused at 127.0.0.1:1\n',
      );
      expect(outcome(pool.rows, pool.reports)).toEqual(outcome(one.rows, one.reports));
      expect(new Set(one.rows.map((r) => r.verdict))).toEqual(
        new Set(['eligible', 'disqualified', 'incomplete']),
      );
      // Both engines took submissions; each report names the engine that ran all of it.
      expect(new Set(pool.rows.map((r) => r.engine))).toEqual(new Set([MAIN_ENGINE, ENGINE2]));
      pool.rows.forEach((row, i) => expect(pool.reports[i]?.engine?.url).toBe(row.engine));
      const md = readFileSync(join(scratch, 'pool', 'summary.md'), 'utf8');
      expect(md).toContain(`\`${ENGINE2}\``);
      expect(md).toMatch(new RegExp(`- engines: \`${escape(MAIN_ENGINE)}\` \\d+ submissions?; `));
      // A second run resumes every report, whichever engine made it.
      const again = await batch('pool', BATCH, [MAIN_ENGINE]);
      expect(again.rows.map((r) => r.resumed)).toEqual(BATCH.map(() => true));
    },
    BATCH_TIMEOUT_MS,
  );

  it(
    'stops a pool batch on SIGTERM: its containers gone from both engines, no row or summary made up',
    async () => {
      if (!testEngines) return;
      const names = [
        'sleep-forever',
        'good-python',
        'static-list',
        'runtime-error',
        'good-javascript',
      ];
      const running = startBatch('term', names, [`${ENGINE2}#jobs=1`, `${MAIN_ENGINE}#jobs=1`]);
      const out = join(scratch, 'term');
      const filters = JSON.stringify({ label: [`org.reverse-poleval.pid=${running.pid}`] });
      const left = async () => {
        const found = await Promise.all(
          [engine!, testEngines!.engine2].map(async (e) => [
            ...(await e.docker.listContainers({ all: true, filters })),
            ...((await e.docker.listVolumes({ filters })).Volumes ?? []),
          ]),
        );
        return found.map((f) => f.length);
      };
      // Once a check is in hand on each engine.
      await waitUntil(async () => (await left()).every((n) => n > 0));
      running.kill('SIGTERM');
      const result = await running;
      expect(result.signal).toBe('SIGTERM');
      // The checks the interrupt broke off are no verdict of theirs, not even an error row.
      expect(result.stdout).not.toMatch(/\terror\t/);
      expect(readdirSync(out)).not.toContain('summary.md');
      expect(await left()).toEqual([0, 0]);
    },
    BATCH_TIMEOUT_MS,
  );

  it(
    'ends a batch whose engine goes silent mid-check: its submission runs on the other, and the process exits',
    async () => {
      if (!testEngines) return;
      // The second engine behind a proxy that stops forwarding: the engine of a host that hangs.
      const proxy = await startFreezableProxy(ENGINE2.slice('unix://'.length));
      const names = ['sleep-forever', 'good-python', 'good-javascript', 'runtime-error'];
      const running = startBatch(
        'silent',
        names,
        [`${proxy.url}#jobs=1`, `${MAIN_ENGINE}#jobs=1`],
        '--json',
      );
      try {
        // Once this batch has a check in hand on the second engine (its keeper and one more), the
        // proxy goes silent: the open requests never get an answer, and neither do new ones.
        const filters = JSON.stringify({ label: [`org.reverse-poleval.pid=${running.pid}`] });
        const { docker } = testEngines.engine2;
        await waitUntil(async () => (await docker.listContainers({ filters })).length >= 2);
        proxy.freeze();
        // The requests left hanging on the silent engine must not keep the process alive: about
        // 20 s to find the engine lost, then what is left runs on the first (a timeout of 20 s).
        // A process kept alive by them would never end: the wait is long, for a loaded machine.
        const ended = await Promise.race([
          running,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 900_000)),
        ]);
        expect(ended, 'the batch was still running 900 s after its engine went silent').not.toBe(
          null,
        );
        const result = ended!;
        expect(result.exitCode, result.stderr).toBe(0);
        expect(result.stderr).toContain(
          `rpe sandbox batch: engine ${proxy.url} lost: stopped answering (3 checks in a row: no answer within 5 s)`,
        );
        const { rows } = JSON.parse(result.stdout) as { rows: BatchRow[] };
        expect(rows.map((r) => r.name)).toEqual(names);
        expect(rows.map((r) => r.verdict)).not.toContain('error');
        const moved = rows.filter((r) => r.requeued_from.length > 0);
        expect(moved.length).toBeGreaterThan(0);
        for (const row of moved)
          expect(row).toMatchObject({ engine: MAIN_ENGINE, requeued_from: [proxy.url] });
        const md = readFileSync(join(scratch, 'silent', 'summary.md'), 'utf8');
        expect(md).toMatch(
          new RegExp(`\`${proxy.url}\` \\d+ submissions?, then lost: stopped answering`),
        );
      } finally {
        running.kill('SIGKILL');
        await running.catch(() => undefined);
        await proxy.close();
      }
      // What the batch left on the second engine is swept once its process is gone.
      const swept = await sweepLeftovers(testEngines.engine2);
      expect(swept.removedContainers.length).toBeGreaterThan(0);
    },
    BATCH_TIMEOUT_MS,
  );

  it(
    'loses nothing when the second engine is killed mid-batch: its submission runs on the first',
    async () => {
      if (!testEngines) return;
      const names = [
        'sleep-forever',
        'good-python',
        'good-typescript',
        'static-list',
        'runtime-error',
        'good-javascript',
      ];
      const running = startBatch(
        'kill',
        names,
        [`${ENGINE2}#jobs=1`, `${MAIN_ENGINE}#jobs=1`],
        '--json',
      );
      try {
        // Once the second engine has a check of this batch in hand (its keeper and a container of a
        // run or an install step), kill it.
        const filters = JSON.stringify({ label: [`org.reverse-poleval.pid=${running.pid}`] });
        const { docker } = testEngines.engine2;
        await waitUntil(async () => (await docker.listContainers({ filters })).length >= 2);
        // The run's own second dockerd, by the pid it recorded.
        process.kill(Number(readFileSync(ENGINE2_PID, 'utf8')), 'SIGKILL');
        const result = await running;
        expect(result.exitCode, result.stderr).toBe(0);
        expect(result.stderr).toContain(
          `rpe sandbox batch: engine ${ENGINE2} lost: stopped answering: `,
        );
        const { rows } = JSON.parse(result.stdout) as { rows: BatchRow[] };
        expect(rows.map((r) => r.name)).toEqual(names);
        expect(rows.map((r) => r.verdict)).not.toContain('error');
        expect(rows.find((r) => r.name === 'sleep-forever')?.reasons).toContain('timeout');
        // What the second engine had in hand when it died was checked again on the first.
        const moved = rows.filter((r) => r.requeued_from.length > 0);
        expect(moved.length).toBeGreaterThan(0);
        for (const row of moved) {
          expect(row).toMatchObject({ engine: MAIN_ENGINE, requeued_from: [ENGINE2] });
          const report = JSON.parse(
            readFileSync(join(scratch, 'kill', row.name, 'report.json'), 'utf8'),
          ) as Report;
          expect(report.engine?.url).toBe(MAIN_ENGINE);
          expect(report.requeued).toEqual([
            { engine: ENGINE2, reason: expect.stringMatching(/^stopped answering: /) },
          ]);
        }
      } finally {
        await running.catch(() => undefined);
        restartTestEngines();
      }
      // What the killed engine held is swept by the next process that uses it.
      const swept = await sweepLeftovers(testEngines.engine2);
      expect(swept.removedVolumes.length).toBeGreaterThan(0);
    },
    BATCH_TIMEOUT_MS,
  );
});
