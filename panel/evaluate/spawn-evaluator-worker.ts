import { randomBytes } from 'node:crypto';
import { basename, dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { z } from 'zod';
import { killProcessTree } from '../../framework/process-tree.js';
import { EVALUATOR_WORKER_SOURCE } from './evaluator-worker-source.js';

// The protocol, checked line by line: anything else (an array, a number, a field of the wrong
// type) is not a reply, and is skipped like a line that is not JSON.
const workerReplySchema = z.union([
  z.object({ ready: z.boolean(), error: z.string().optional() }),
  z.object({
    id: z.number().int().nonnegative(),
    value: z.boolean().optional(),
    error: z.string().optional(),
  }),
]);

/** A line from the worker: the load report, then one reply per call. */
export type WorkerReply = z.infer<typeof workerReplySchema>;

// The reply a line holds, or null when it holds none.
export function parseWorkerReply(line: string): WorkerReply | null {
  try {
    const parsed = workerReplySchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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
      : // A process group of its own, so that whatever evaluator.py starts is killed with it.
        execa(options.python ?? 'python3', [...python, path], {
          cwd: dirname(path),
          buffer: false,
          reject: false,
          detached: true,
        });
  // Set at the worker's own exit: after it, its pid may belong to another process.
  let workerGone = false;
  child.once('exit', () => {
    workerGone = true;
  });
  // The whole tree and group: a child the evaluator started (even one holding our pipes, even a
  // daemon in a session of its own, kept below the worker as its subreaper) goes with it.
  const killGroup = () => {
    if (sandbox === 'docker' || child.pid === undefined) return;
    if (!workerGone) killProcessTree(child.pid);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  };
  // Our ends of the pipes: a process that left the group (a daemon) may still hold theirs.
  const letGo = () => {
    if (sandbox === 'docker') return;
    child.stdout?.destroy();
    child.stderr?.destroy();
  };
  // The worker's own exit, which comes before its pipes close when a child still holds them.
  const workerExited = new Promise<void>((settle) => {
    child.once('exit', () => settle());
    child.once('error', () => settle());
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
      const reply = parseWorkerReply(line);
      if (reply === null) return;
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
  // Once the worker itself is gone, nothing it started may keep our pipes, or run on.
  void workerExited.then(killGroup);
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
    killGroup();
    if (!exited) child.kill('SIGKILL');
    letGo();
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
        (sandbox === 'docker' ? child : workerExited).then(() => true),
        sleep(5000, undefined, { ref: false }).then(() => false),
      ]);
      if (!ended) await kill();
      killGroup();
      letGo();
      await child;
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
