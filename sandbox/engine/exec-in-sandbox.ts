import { Writable } from 'node:stream';
import type Dockerode from 'dockerode';
import type { Engine } from './connect-engine.js';
import {
  createHeadBuffer,
  createSplitBuffer,
  createTailBuffer,
  type CappedBuffer,
} from './capped-buffer.js';
import { isEngineFailure } from './is-engine-failure.js';

export interface ExecOptions {
  argv: string[];
  user: string;
  env: string[];
  cwd: string;
  /** Wall-clock limit; at the limit the whole container is killed and `timedOut` is set. */
  timeoutMs?: number;
  /**
   * Keep the first (`head`) or the last (`tail`) bytes of stdout. With `split`, stdout is cut at
   * the first `marker`: what comes before is kept as `keep` says, up to `afterBytes` of what
   * comes after are kept as `after`.
   */
  stdout: {
    keep: 'head' | 'tail';
    bytes: number;
    split?: { marker: Buffer; afterBytes: number };
  };
  stderrBytes: number;
}

/** The outcome of one command: the same fields whether it finished, failed or was killed. */
export interface ExecResult {
  exitCode: number | null;
  timedOut: boolean;
  /** From the start to the command's exit, or with `stdout.split` to the marker. */
  wallMs: number;
  stdout: Buffer;
  stdoutTruncated: boolean;
  /** With `stdout.split`: what came after the marker, or null when it did not come. */
  after: Buffer | null;
  stderr: Buffer;
  stderrTruncated: boolean;
}

/** How often a running command's state is asked for. */
const POLL_MS = 250;
/** How long what follows a split marker may take to arrive. */
const READ_LIMIT_MS = 60_000;
/** Output still in flight when the command exits gets this long to arrive. */
const EXIT_GRACE_MS = 500;

function sink(buffer: Pick<CappedBuffer, 'write'>): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      buffer.write(chunk);
      callback();
    },
  });
}

async function exitCodeOf(exec: Dockerode.Exec): Promise<number | null> {
  // The stream can end a moment before the engine records the exit code.
  for (let i = 0; i < 50; i++) {
    const info = await exec.inspect();
    if (!info.Running) return info.ExitCode ?? null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

// Runs one command in a running container, capturing capped output, with an optional time limit.
export async function execInSandbox(
  engine: Engine,
  container: Dockerode.Container,
  options: ExecOptions,
): Promise<ExecResult> {
  const started = performance.now();
  const exec = await container.exec({
    Cmd: options.argv,
    User: options.user,
    Env: options.env,
    WorkingDir: options.cwd,
    AttachStdout: true,
    AttachStderr: true,
  });
  const kept =
    options.stdout.keep === 'head'
      ? createHeadBuffer(options.stdout.bytes)
      : createTailBuffer(options.stdout.bytes);
  const { split } = options.stdout;
  let markedAt: number | undefined;
  // The marker says the command's own work is done and what follows is a reading of it: the
  // time limit stops there, and the reading gets READ_LIMIT_MS of its own.
  const parts = split
    ? createSplitBuffer(split.marker, kept, createHeadBuffer(split.afterBytes), () => {
        markedAt = performance.now();
        clearTimeout(timer);
        timer = setTimeout(() => container.kill().catch(() => undefined), READ_LIMIT_MS);
      })
    : undefined;
  const stdout = parts?.before ?? kept;
  const stderr = createTailBuffer(options.stderrBytes);
  const stream = await exec.start({ hijack: true, stdin: false });
  let timedOut = false;
  let exitedAt: number | undefined;
  let timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          if (exitedAt !== undefined) return;
          timedOut = true;
          container.kill().catch(() => undefined);
        }, options.timeoutMs);
  // A child left running with the command's stdout keeps the stream open after the command has
  // exited; the engine's exec state says when the command itself is done.
  const watch = setInterval(() => {
    exec
      .inspect()
      .then((info) => {
        if (info.Running || exitedAt !== undefined) return;
        exitedAt = performance.now();
        setTimeout(
          () => (stream as NodeJS.ReadableStream & { destroy(): void }).destroy(),
          EXIT_GRACE_MS,
        );
      })
      .catch(() => undefined);
  }, POLL_MS);
  try {
    await new Promise<void>((resolve, reject) => {
      engine.docker.modem.demuxStream(stream, sink(parts ?? stdout), sink(stderr));
      stream.on('end', resolve);
      stream.on('close', resolve);
      stream.on('error', reject);
    });
  } finally {
    clearTimeout(timer);
    clearInterval(watch);
  }
  const wallMs = (markedAt ?? exitedAt ?? performance.now()) - started;
  // A stream that ended because the engine went away is no exit of the command: that is thrown.
  const exitCode = timedOut
    ? null
    : await exitCodeOf(exec).catch((error: unknown) => {
        if (isEngineFailure(error)) throw error;
        return null;
      });
  return {
    exitCode,
    timedOut,
    wallMs,
    stdout: stdout.bytes(),
    stdoutTruncated: stdout.truncated,
    after: parts?.after() ?? null,
    stderr: stderr.bytes(),
    stderrTruncated: stderr.truncated,
  };
}
