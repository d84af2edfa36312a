import { randomBytes } from 'node:crypto';
import { basename, dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { EVALUATOR_WORKER_SOURCE } from './evaluator-worker-source.js';

/** A line from the worker: the load report, then one reply per call. */
export type WorkerReply =
  { ready: boolean; error?: string } | { id: number; value?: boolean; error?: string };

/** One running worker process (or container) speaking JSON lines. */
export interface EvaluatorWorker {
  send(line: string): void;
  /** The next reply, or why none came within the limit. */
  next(timeoutMs: number): Promise<WorkerReply | { status: 'timeout' | 'exit'; message: string }>;
  /** Stops it at once (a call overran its limit): nothing of it is left running. */
  kill(): Promise<void>;
  /** Ends its input so it exits by itself; kills it if it does not within a few seconds. */
  close(): Promise<void>;
}

export interface SpawnWorkerOptions {
  /** Absolute path of evaluator.py. */
  path: string;
  sandbox: 'none' | 'docker';
  image?: string;
  python?: string;
}

const LABEL = 'org.reverse-poleval.role=evaluator';

// Starts python3 (locally, or in the locked-down runner container) with the worker source.
export function spawnEvaluatorWorker(options: SpawnWorkerOptions): EvaluatorWorker {
  const { path, sandbox } = options;
  const python = ['-I', '-B', '-u', '-c', EVALUATOR_WORKER_SOURCE];
  const name = `rpe-evaluator-${randomBytes(6).toString('hex')}`;
  // The folder is mounted read-only so evaluator.py may import its neighbours, and write nothing.
  const docker = [
    'run',
    '--rm',
    '-i',
    '--name',
    name,
    '--label',
    LABEL,
    // Whose container it is: a check for leftovers looks at its own process's only.
    '--label',
    `org.reverse-poleval.pid=${process.pid}`,
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
  ];
  const child =
    sandbox === 'docker'
      ? execa('docker', docker, { buffer: false, reject: false })
      : execa(options.python ?? 'python3', [...python, path], {
          cwd: dirname(path),
          buffer: false,
          reject: false,
        });
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000);
  });
  child.stdin?.on('error', () => undefined);
  const replies: WorkerReply[] = [];
  let waiting: ((reply: WorkerReply | null) => void) | null = null;
  let exited = false;
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      let reply: WorkerReply;
      try {
        reply = JSON.parse(line) as WorkerReply;
      } catch {
        return;
      }
      if (waiting) waiting(reply);
      else replies.push(reply);
    });
  }
  // How the worker ended: a command that could not be started has no exit status.
  let ended: { code?: string; exitCode?: number } = {};
  void child.then((result) => {
    ended = result;
    exited = true;
    waiting?.(null);
  });
  // The lines that say why: docker's own error, or the end of a Python traceback.
  const exitMessage = () => {
    const lines = stderrTail
      .trim()
      .split('\n')
      .filter((l) => l.trim() !== '');
    const docker = lines.find(
      (l) => l.startsWith('docker:') || l.startsWith('Unable to find image'),
    );
    const command = sandbox === 'docker' ? 'docker' : (options.python ?? 'python3');
    if (ended.code === 'ENOENT') return `cannot run ${command}: no such command`;
    const last = docker ?? lines[lines.length - 1];
    if (last === undefined) {
      return `the worker exited${ended.exitCode === undefined ? '' : ` with status ${ended.exitCode}`} without a message (is ${command} Python 3?)`;
    }
    return `the worker exited: ${last.trim()}`;
  };

  const kill = async (): Promise<void> => {
    // The container first: killing the docker client alone would leave it running.
    if (sandbox === 'docker') await removeContainer(name);
    if (!exited) child.kill('SIGKILL');
    await child;
  };
  return {
    kill,
    send: (line) => {
      child.stdin?.write(line);
    },
    next: (timeoutMs) => {
      const queued = replies.shift();
      if (queued) return Promise.resolve(queued);
      if (exited) return Promise.resolve({ status: 'exit', message: exitMessage() });
      return new Promise((settle) => {
        const timer = setTimeout(() => {
          waiting = null;
          settle({ status: 'timeout', message: `no answer within ${timeoutMs} ms` });
        }, timeoutMs);
        waiting = (reply) => {
          clearTimeout(timer);
          waiting = null;
          settle(reply ?? { status: 'exit', message: exitMessage() });
        };
      });
    },
    close: async () => {
      child.stdin?.end();
      // `docker run --rm` returns once the container is removed, so this also waits for that.
      // Unreferenced: a worker that ends at once must not keep the process alive 5 s longer.
      const ended = await Promise.race([
        child.then(() => true),
        sleep(5000, undefined, { ref: false }).then(() => false),
      ]);
      if (!ended) await kill();
    },
  };
}

// Removes a container by name and waits until the engine no longer knows it.
async function removeContainer(name: string): Promise<void> {
  await execa('docker', ['rm', '-f', name], { reject: false });
  for (let i = 0; i < 50; i++) {
    const inspect = await execa('docker', ['container', 'inspect', name], { reject: false });
    if (inspect.exitCode !== 0) return;
    await sleep(100);
  }
}
