import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execa } from 'execa';
// The file, not the engine's door: the local executor must not load dockerode.
import { onInterrupt } from '../engine/on-interrupt.js';
import { classifyRun } from './classify-run.js';
import { collectOutput } from './collect-output.js';
import { variationEnv } from './env-variations.js';
import type { Entrypoint, Executor, Limits, RunRequest, RunResult } from './executor.js';
import { localCommand } from './local-command.js';
// The buffer module directly, not the engine door: a local run must not load dockerode.
import { createTailBuffer, tailText } from '../engine/capped-buffer.js';

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

async function peakMemory(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/**
 * Runs a submission's entrypoint as a local process, in place (demonstration generators import
 * the toolkit by a relative path), with the runner's timeout (the whole process group is killed),
 * an output size cap, the tail of the logs, memory limited where the platform allows, and the
 * environment variation a local process can have. Its pid differs on every run anyway, so no
 * throwaway processes are started for `pidShift`. It does not isolate: no network or filesystem
 * protection.
 */
export async function createLocalExecutor(options: {
  submissionDir: string;
  entrypoint: Entrypoint;
  limits: Limits;
}): Promise<Executor & { notes: string[] }> {
  const submissionDir = resolve(options.submissionDir);
  const command = await localCommand({ ...options, submissionDir });

  async function run(request: RunRequest): Promise<RunResult> {
    const { limits, variation, seed } = request;
    const work = await mkdtemp(join(tmpdir(), 'rpe-run-'));
    const outDir = join(work, 'out');
    const home = join(work, 'home');
    await mkdir(outDir);
    await mkdir(home);
    try {
      const outFile = join(outDir, 'items.jsonl');
      const { file, args, memory } = command(seed, outFile);
      const stdout = createTailBuffer(limits.logBytes);
      const stderr = createTailBuffer(limits.logBytes);
      const started = performance.now();
      const child = execa(file, args, {
        cwd: outDir,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          PYTHONDONTWRITEBYTECODE: '1',
          ...variationEnv(variation, home),
        },
        extendEnv: false,
        stdin: 'ignore',
        buffer: false,
        detached: true,
        reject: false,
      });
      // The generator has its own process group, so Ctrl-C on the terminal does not reach it.
      const release = onInterrupt(async () => {
        killGroup(child.pid);
        await rm(work, { recursive: true, force: true });
      });
      // Children left behind (a fork bomb's) die with the group as soon as the generator exits;
      // they would otherwise hold the log pipes open.
      child.on('exit', () => killGroup(child.pid));
      child.stdout?.on('data', (chunk: Buffer) => stdout.write(chunk));
      child.stderr?.on('data', (chunk: Buffer) => stderr.write(chunk));
      let timedOut = false;
      let peak: number | null = null;
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child.pid);
      }, limits.timeoutSeconds * 1000);
      const sampler = setInterval(() => {
        if (child.pid === undefined) return;
        void peakMemory(child.pid).then((bytes) => {
          if (bytes !== null) peak = Math.max(peak ?? 0, bytes);
        });
      }, 25);
      request.onStatus?.(`seed ${seed} (${variation.name}) running`);
      const result = await child.finally(() => {
        clearTimeout(timer);
        clearInterval(sampler);
        release();
      });
      const wallMs = Math.round(performance.now() - started);
      const collected = await collectOutput(outFile, limits.outputBytes);
      const stderrTail = tailText(stderr.bytes());
      const { status, message } = classifyRun({
        timedOut,
        oomKilled: false,
        exitCode: result.exitCode ?? null,
        signal: result.signal ?? null,
        timeoutSeconds: limits.timeoutSeconds,
        memoryLimited: memory !== null,
        stderrTail,
        collected,
      });
      return {
        status,
        seed,
        variation: variation.name,
        exitCode: result.exitCode ?? null,
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
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  const probe = command(0, 'items.jsonl');
  const notes = [
    'local mode: the generator ran as a local process, not isolated (network and filesystem are open)',
    probe.memory === 'prlimit-address-space'
      ? `memory limited with prlimit --as to ${options.limits.memoryBytes} bytes of address space`
      : probe.memory === 'node-heap'
        ? 'memory: only the Node heap is limited (--max-old-space-size)'
        : 'memory limit not enforced: prlimit is not available',
    'not enforced in local mode: CPU quota and process limit; not varied: hostname, submission path, directory order',
  ];
  return { kind: 'local', isolated: false, notes, run, dispose: async () => {} };
}
