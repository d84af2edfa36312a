import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execa } from 'execa';
// The file, not the engine's door: the local executor must not load dockerode.
import { onInterrupt } from '../engine/on-interrupt.js';
import type { InstallSource } from '../submission/install-source.js';
import { installNotes, planInstall } from '../submission/plan-install.js';
import { runnerOf } from '../submission/runner-of.js';
import { classifyRun, READ_ONLY_HINT } from './classify-run.js';
import { collectOutput } from './collect-output.js';
import { ENV_VARIATIONS, outputFileOf, runPlacesNote, variationEnv } from './env-variations.js';
import {
  INSTALL_FAILED,
  runAfterFailedInstall,
  type Entrypoint,
  type Executor,
  type Limits,
  type RunRequest,
  type RunResult,
} from './executor.js';
import { installLocally, type LocalInstall } from './install-locally.js';
import { makeBarePython } from './bare-python.js';
import { localCommand, localPython } from './local-command.js';
import { readGeneratorToolkit, type GeneratorToolkit } from './read-generator-toolkit.js';
import { isolatedArgv, probeLocalIsolation, type LocalIsolation } from './local-isolation.js';
import { killMarked, peakMemoryOfTree, removeFaketimeLeftovers } from './local-processes.js';
import { probeLocalLaunch } from './probe-local-launch.js';
import { launcherArgv, launchNote } from './variation-launcher.js';
import { snapshotTree, treeChange } from './snapshot-tree.js';
// The buffer module directly, not the engine door: a local run must not load dockerode.
import { createTailBuffer, tailText } from '../engine/capped-buffer.js';

/** The variable that marks every process of one run, so none can outlive it. */
export const RUN_MARK = 'RPE_LOCAL_RUN';
/** Output still in flight when the run has ended gets this long to arrive. */
const STREAM_GRACE_MS = 300;

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/**
 * Runs a submission's entrypoint as a local process, in place (demonstration generators import
 * the toolkit by a relative path), with the submission root as its working directory and `--out`
 * under a fresh output folder, the runner's timeout, an output size cap, the tail of the logs,
 * memory limited where the platform allows, and the variation's environment. Where the machine
 * allows namespaces (root, or unprivileged user namespaces), the tree is read-only for the run,
 * its pid is set by the variation, and the kernel kills every process it started when it exits;
 * elsewhere its processes are found by a marker in their environment and killed, and a write into
 * the tree is detected afterwards. It does not isolate the network.
 */
export async function createLocalExecutor(options: {
  submissionDir: string;
  entrypoint: Entrypoint;
  limits: Limits;
  /** 'none' turns the namespaces off (to test the fallback); default: whatever the machine allows. */
  isolation?: 'auto' | 'none';
  /**
   * Give the runs what the sandbox gives them: the install step first (vendored wheels into a
   * folder on PYTHONPATH, the package-lock.json offline into the tree's `node_modules`), and a
   * Python that sees none of this machine's packages. Only for a temporary copy of the tree, as a
   * check prepares it.
   */
  install?: boolean;
  /** Where the install step may fetch what the tree pins but does not hold. */
  installSource?: InstallSource;
}): Promise<Executor & { notes: string[]; generatorToolkit: GeneratorToolkit | null }> {
  const submissionDir = resolve(options.submissionDir);
  const isolation: LocalIsolation =
    options.isolation === 'none'
      ? { kind: 'none', reason: 'turned off' }
      : await probeLocalIsolation();
  const python = options.entrypoint.kind === 'python';
  const launch = await probeLocalLaunch();
  // Runs limited to one CPU take this process's CPUs in turn; with one CPU there is no choice.
  let nextCpu = 0;
  const pinTo = () =>
    launch.cpus.length > 1 ? (launch.cpus[nextCpu++ % launch.cpus.length] ?? null) : null;
  const depsWork = options.install ? await mkdtemp(join(tmpdir(), 'rpe-deps-')) : null;
  const releaseDeps = depsWork
    ? onInterrupt(() => rm(depsWork, { recursive: true, force: true }))
    : () => undefined;
  let install: LocalInstall | null = null;
  let barePython: string | null = null;
  let command: Awaited<ReturnType<typeof localCommand>>;
  try {
    if (depsWork)
      [barePython, install] = await Promise.all([
        python ? makeBarePython(await localPython(), depsWork) : null,
        installLocally({
          tree: submissionDir,
          entrypoint: options.entrypoint,
          work: depsWork,
          ...(options.installSource ? { source: options.installSource } : {}),
        }),
      ]);
    command = await localCommand({ ...options, submissionDir, python: barePython });
  } catch (error) {
    releaseDeps();
    if (depsWork) await rm(depsWork, { recursive: true, force: true });
    throw error;
  }
  const installFailure =
    install && !install.outcome.ok ? (install.outcome.message ?? INSTALL_FAILED) : null;

  async function run(request: RunRequest): Promise<RunResult> {
    const { limits, variation, seed } = request;
    if (installFailure !== null) return runAfterFailedInstall(request, installFailure);
    const work = await mkdtemp(join(tmpdir(), 'rpe-run-'));
    const outRoot = join(work, 'out');
    const home = join(work, 'home');
    await mkdir(outRoot);
    await mkdir(home);
    const mark = randomUUID();
    try {
      const outFile = outputFileOf(variation, seed, outRoot);
      const { file, args, memory } = command(seed, outFile);
      await mkdir(dirname(outFile), { recursive: true });
      const launched = [
        ...launcherArgv(variation, { faketime: launch.faketime, cpu: pinTo() }),
        file,
        ...args,
      ];
      const argv =
        isolation.kind === 'namespaces'
          ? isolatedArgv(isolation, {
              tree: submissionDir,
              pidShift: variation.pidShift,
              argv: launched,
            })
          : launched;
      const before = isolation.kind === 'none' ? await snapshotTree(submissionDir) : null;
      const stdout = createTailBuffer(limits.logBytes);
      const stderr = createTailBuffer(limits.logBytes);
      const started = performance.now();
      const child = execa(argv[0] ?? '', argv.slice(1), {
        cwd: submissionDir,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          PYTHONDONTWRITEBYTECODE: '1',
          ...(install?.pythonPath ? { PYTHONPATH: install.pythonPath } : {}),
          ...variationEnv(variation, home),
          [RUN_MARK]: mark,
        },
        extendEnv: false,
        stdin: 'ignore',
        buffer: false,
        detached: true,
        reject: false,
      });
      // The run ends when the generator exits, not when its output streams close: a child it
      // left behind (in a new session too) is killed, and may not keep the run going.
      const exited = new Promise<{ code: number | null; signal: string | null }>((done) => {
        child.once('exit', (code, signal) => done({ code, signal }));
        child.once('error', () => done({ code: null, signal: null }));
      });
      // In namespaces the kernel has killed the rest when the wrapper exits; elsewhere the
      // marker finds what left the process group (a new session, a double fork).
      const killAll = () => {
        killGroup(child.pid);
        if (isolation.kind === 'none') killMarked(RUN_MARK, mark);
      };
      // The generator has its own process group, so Ctrl-C on the terminal does not reach it.
      const release = onInterrupt(async () => {
        killAll();
        await rm(work, { recursive: true, force: true });
      });
      child.stdout?.on('data', (chunk: Buffer) => stdout.write(chunk));
      child.stderr?.on('data', (chunk: Buffer) => stderr.write(chunk));
      let timedOut = false;
      let peak: number | null = null;
      const timer = setTimeout(() => {
        timedOut = true;
        killAll();
      }, limits.timeoutSeconds * 1000);
      const sampler = setInterval(() => {
        if (child.pid === undefined) return;
        const bytes = peakMemoryOfTree(child.pid);
        if (bytes !== null) peak = Math.max(peak ?? 0, bytes);
      }, 25);
      request.onStatus?.(`seed ${seed} (${variation.name}) running`);
      const exit = await exited;
      const wallMs = Math.round(performance.now() - started);
      clearTimeout(timer);
      clearInterval(sampler);
      killAll();
      const streamsClosed = child.catch(() => undefined);
      const grace = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, STREAM_GRACE_MS);
      await streamsClosed;
      clearTimeout(grace);
      release();
      // Without namespaces libfaketime's files of the generator's pid stay in this machine's /dev/shm.
      if (launch.faketime && isolation.kind === 'none' && child.pid !== undefined)
        await removeFaketimeLeftovers(child.pid);
      const collected = await collectOutput(outFile, limits.outputBytes);
      const stderrTail = tailText(stderr.bytes());
      let { status, message } = classifyRun({
        timedOut,
        oomKilled: false,
        exitCode: exit.code,
        signal: exit.signal,
        timeoutSeconds: limits.timeoutSeconds,
        memoryLimited: memory !== null,
        stderrTail,
        collected,
      });
      const changed = before && treeChange(before, await snapshotTree(submissionDir));
      if (changed && !timedOut) {
        status = 'tree_write';
        message = `the generator wrote into its own tree (${changed}), which is read-only in the sandbox; ${READ_ONLY_HINT}`;
      }
      return {
        status,
        seed,
        variation: variation.name,
        exitCode: exit.code,
        timedOut,
        oomKilled: false,
        wallMs,
        peakMemoryBytes: peak,
        stdoutTail: tailText(stdout.bytes()),
        stderrTail,
        ...(status === 'ok'
          ? { output: collected.output, outputSha256: collected.outputSha256 }
          : {}),
        ...(message === undefined ? {} : { message }),
        networkAttempts: null,
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  const probe = command(0, 'items.jsonl');
  const notes = [
    runPlacesNote('<a temporary folder>'),
    `local mode: ${launchNote(ENV_VARIATIONS[1], { faketime: launch.faketime, cpu: launch.cpus.length > 1 ? 0 : null }, false)}`,
    ...(install ? installNotes(install.outcome) : []),
    'local mode: the generator ran as a local process, not isolated from the network; network calls are only detected by `rpe sandbox run`',
    isolation.kind === 'namespaces'
      ? 'local mode: the submission tree was read-only and every process a run started ended with it (mount and pid namespaces)'
      : `local mode: no namespaces (${isolation.reason}): writes into the tree were detected afterwards, leftover processes found by their environment`,
    probe.memory === 'prlimit-address-space'
      ? `memory limited with prlimit --as to ${options.limits.memoryBytes} bytes of address space`
      : probe.memory === 'node-heap'
        ? 'memory: only the Node heap is limited (--max-old-space-size)'
        : 'memory limit not enforced: prlimit is not available',
    ...(python && !barePython
      ? [
          "local mode: the generator saw this machine's Python packages (python3 -m venv is not usable here); the sandbox has only the standard library and requirements.txt",
        ]
      : []),
    `not enforced in local mode: CPU quota and process limit; not varied: hostname, submission path, directory order${isolation.kind === 'none' ? ', process id' : ''}`,
  ];
  return {
    kind: 'local',
    isolated: false,
    networkTraced: false,
    installFailure,
    installedIntoTree: install?.intoTree ?? false,
    install: install?.outcome ?? null,
    runner: runnerOf(
      options.entrypoint,
      await planInstall(submissionDir, python ? 'python' : 'node', options.installSource),
    ).name,
    notes,
    // A generate.py beside a lock runs Node with the toolkit the lock installed.
    generatorToolkit:
      options.entrypoint.kind === 'python' && install?.outcome.kind !== 'npm'
        ? null
        : await readGeneratorToolkit(submissionDir),
    run,
    dispose: async () => {
      releaseDeps();
      if (depsWork) await rm(depsWork, { recursive: true, force: true });
    },
  };
}
