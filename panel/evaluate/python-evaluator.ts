import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { execa } from 'execa';
import { RpeError } from '../../framework/index.js';
import { spawnEvaluatorWorker, type EvaluatorWorker } from './spawn-evaluator-worker.js';

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

// Starts a persistent worker for evaluator.py; throws RpeError (exit 2) when it does not load.
export async function startPythonEvaluator(
  options: PythonEvaluatorOptions,
): Promise<PythonEvaluator> {
  const path = resolve(options.path);
  requireSourceFile(options.path);
  const sandbox = options.sandbox ?? 'none';
  if (sandbox === 'docker') await requireImage(options.image);
  const callTimeoutMs = options.callTimeoutMs ?? ACCEPT_TIMEOUT_MS;
  const startTimeoutMs = options.startTimeoutMs ?? (sandbox === 'docker' ? 30_000 : 10_000);
  let worker: EvaluatorWorker | null = null;
  let starts = 0;
  let nextId = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const start = async (): Promise<EvaluatorWorker> => {
    starts += 1;
    const fresh = spawnEvaluatorWorker({
      path,
      sandbox,
      ...(options.image ? { image: options.image } : {}),
      ...(options.python ? { python: options.python } : {}),
    });
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
      await worker?.close();
      worker = null;
    },
  };
}

// Fails early, naming the file, when there is no evaluator.py to load (before Python says less).
function requireSourceFile(path: string): void {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    throw new RpeError('evaluator_unloadable', `cannot read ${path}: no such file`);
  }
  if (!stats.isFile()) {
    throw new RpeError(
      'evaluator_unloadable',
      `cannot read ${path}: ${stats.isDirectory() ? 'it is a folder' : 'it is not a regular file'}`,
    );
  }
}

// Fails early, with the fix, when the runner image is not there (it is never pulled).
async function requireImage(image: string | undefined): Promise<void> {
  if (!image)
    throw new RpeError('evaluator_image_missing', 'no Python runner image for --sandbox docker');
  const inspect = await execa('docker', ['image', 'inspect', '--format', '{{.Id}}', image], {
    reject: false,
  });
  if (inspect.exitCode === 0) return;
  const why = String(inspect.stderr).trim().split('\n')[0] ?? '';
  throw new RpeError(
    'evaluator_image_missing',
    /no such image/i.test(why)
      ? `the runner image ${image} is not built: run \`rpe sandbox images build\``
      : `cannot reach the Docker engine for --sandbox docker: ${why || `docker exited with ${inspect.exitCode}`}`,
  );
}
