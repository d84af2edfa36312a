import { randomBytes } from 'node:crypto';
import { basename, dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { RpeError } from '../../framework/index.js';
import { EVALUATOR_WORKER_SOURCE } from './evaluator-worker-source.js';

export type EvaluatorSandbox = 'none' | 'docker';

/** The task's limit per accept() call: "finishes within 5 seconds per call". */
export const ACCEPT_TIMEOUT_MS = 5000;

export interface PythonEvaluatorOptions {
  /** The team's evaluator.py, defining accept(prediction, gold) -> bool. */
  path: string;
  /** 'none': a local python3 process (no isolation); 'docker': the network-less runner image. */
  sandbox?: EvaluatorSandbox;
  /** The Python runner image, required with sandbox 'docker'. */
  image?: string;
  python?: string;
  /** Limit per accept() call. Default ACCEPT_TIMEOUT_MS (5000). */
  callTimeoutMs?: number;
  /** Loading evaluator.py (and starting the container). Default 10 000, 30 000 with Docker. */
  startTimeoutMs?: number;
}

export type AcceptOutcome =
  { status: 'accepted' | 'rejected' } | { status: 'timeout' | 'error'; message: string };

export interface PythonEvaluator {
  accept(prediction: string, gold: string): Promise<AcceptOutcome>;
  /** Workers started so far: 1 plus one per restart after a timeout or a crash. */
  readonly starts: number;
  close(): Promise<void>;
}

type Reply = { ready: boolean; error?: string } | { id: number; value?: boolean; error?: string };

interface Worker {
  send(line: string): void;
  next(timeoutMs: number): Promise<Reply | { status: 'timeout' | 'exit'; message: string }>;
  kill(): Promise<void>;
}

// Starts a persistent worker for evaluator.py; throws RpeError (exit 2) when it does not load.
export async function startPythonEvaluator(
  options: PythonEvaluatorOptions,
): Promise<PythonEvaluator> {
  const path = resolve(options.path);
  const sandbox = options.sandbox ?? 'none';
  if (sandbox === 'docker' && !options.image) {
    throw new RpeError('evaluator_image_missing', 'no Python runner image for --sandbox docker');
  }
  const callTimeoutMs = options.callTimeoutMs ?? ACCEPT_TIMEOUT_MS;
  const startTimeoutMs = options.startTimeoutMs ?? (sandbox === 'docker' ? 30_000 : 10_000);
  let worker: Worker | null = null;
  let starts = 0;
  let nextId = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const start = async (): Promise<Worker> => {
    starts += 1;
    const fresh = spawnWorker(path, sandbox, options);
    const ready = await fresh.next(startTimeoutMs);
    if (!('ready' in ready) || !ready.ready) {
      await fresh.kill();
      const why = 'ready' in ready ? ready.error : 'message' in ready ? ready.message : 'no answer';
      throw new RpeError('evaluator_unloadable', `${options.path} does not load: ${why}`);
    }
    return fresh;
  };

  const call = async (prediction: string, gold: string): Promise<AcceptOutcome> => {
    worker ??= await start();
    const id = nextId++;
    worker.send(`${JSON.stringify({ id, prediction, gold })}\n`);
    const reply = await worker.next(callTimeoutMs);
    if ('id' in reply && reply.id === id) {
      if (reply.error !== undefined) return { status: 'error', message: reply.error };
      return { status: reply.value ? 'accepted' : 'rejected' };
    }
    // A timeout, a crash or a reply out of order: this worker cannot be trusted for the next call.
    await worker.kill();
    worker = null;
    if ('status' in reply && reply.status === 'timeout') {
      return { status: 'timeout', message: `accept() took longer than ${callTimeoutMs} ms` };
    }
    return { status: 'error', message: 'message' in reply ? reply.message : 'unexpected reply' };
  };

  worker = await start();
  return {
    accept(prediction, gold) {
      const result = queue.then(() => call(prediction, gold));
      queue = result.catch(() => undefined);
      return result;
    },
    get starts() {
      return starts;
    },
    async close() {
      await queue;
      await worker?.kill();
      worker = null;
    },
  };
}

function spawnWorker(
  path: string,
  sandbox: EvaluatorSandbox,
  options: PythonEvaluatorOptions,
): Worker {
  const python = ['-I', '-B', '-u', '-c', EVALUATOR_WORKER_SOURCE];
  const name = `rpe-evaluator-${randomBytes(6).toString('hex')}`;
  const [command, args] =
    sandbox === 'docker'
      ? [
          'docker',
          [
            'run',
            '--rm',
            '-i',
            '--name',
            name,
            '--label',
            'rpe.role=evaluator',
            '--network',
            'none',
            '--read-only',
            '--cap-drop',
            'ALL',
            '--security-opt',
            'no-new-privileges',
            '--user',
            '65534:65534',
            '--memory',
            '512m',
            '--pids-limit',
            '64',
            '-v',
            `${dirname(path)}:/evaluator:ro`,
            options.image ?? '',
            'python3',
            ...python,
            `/evaluator/${basename(path)}`,
          ],
        ]
      : [options.python ?? 'python3', [...python, path]];
  const child = execa(command, args, {
    cwd: dirname(path),
    buffer: false,
    reject: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000);
  });
  child.stdin?.on('error', () => undefined);
  const replies: Reply[] = [];
  let waiting: ((reply: Reply | null) => void) | null = null;
  let exited = false;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let reply: Reply;
    try {
      reply = JSON.parse(line) as Reply;
    } catch {
      return;
    }
    if (waiting) waiting(reply);
    else replies.push(reply);
  });
  void child.then(() => {
    exited = true;
    waiting?.(null);
  });
  const lastError = () => stderrTail.trim().split('\n').pop() ?? '';
  return {
    send: (line) => {
      child.stdin?.write(line);
    },
    next: (timeoutMs) => {
      const queued = replies.shift();
      if (queued) return Promise.resolve(queued);
      if (exited)
        return Promise.resolve({ status: 'exit', message: `the worker exited: ${lastError()}` });
      return new Promise((settle) => {
        const timer = setTimeout(() => {
          waiting = null;
          settle({ status: 'timeout', message: `no answer within ${timeoutMs} ms` });
        }, timeoutMs);
        waiting = (reply) => {
          clearTimeout(timer);
          waiting = null;
          settle(reply ?? { status: 'exit', message: `the worker exited: ${lastError()}` });
        };
      });
    },
    kill: async () => {
      if (!exited) child.kill('SIGKILL');
      // Killing the docker client does not stop its container: remove it by name.
      if (sandbox === 'docker') await execa('docker', ['rm', '-f', name], { reject: false });
      await child;
    },
  };
}
