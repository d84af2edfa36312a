/**
 * Cleanup on Ctrl-C and on `kill`: a process has one set of signal handlers, so the tasks of every
 * live executor share them. The handlers exist only while a task is registered, so an idle process
 * (and a test) keeps Node's default behaviour and nothing needs resetting.
 *
 * Once a signal has come, the process ends by that signal, after the cleanup, and by nothing else.
 * The cleanup itself makes the interrupted work fail (its container is gone), and that failure
 * must neither end the process first, with an exit code and the cleanup half done, nor be reported
 * as the run's error: it is swallowed, and the CLI waits on `interruption()` instead of exiting.
 */
import { rmSync } from 'node:fs';

type Task = () => Promise<void>;

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const tasks = new Set<Task>();
/**
 * Kept on the global object, not in this module: the CLI reads it from its own small import of
 * this file, while the executors that set it live in the sandbox's bundle, a second copy.
 */
const INTERRUPTED = Symbol.for('reverse-poleval.interruption');
const shared = globalThis as { [INTERRUPTED]?: Promise<never> };
/**
 * Give up on cleanup after this long so a wedged engine cannot keep the process alive; a busy one
 * (removing a container copied by the vfs driver, on a loaded machine) can take tens of seconds.
 */
const CLEANUP_LIMIT_MS = 60_000;

async function handle(signal: NodeJS.Signals): Promise<void> {
  for (const s of SIGNALS) process.removeListener(s, onSignal);
  const running = [...tasks].map((task) => task().catch(() => undefined));
  tasks.clear();
  await Promise.race([
    Promise.all(running),
    new Promise((resolve) => setTimeout(resolve, CLEANUP_LIMIT_MS).unref()),
  ]);
  // Re-raise with the default handler in place, so the exit status says which signal it was.
  process.kill(process.pid, signal);
}

function ignore(): void {
  // The interrupted work's own failure: the signal raised after the cleanup ends the process.
}

function onSignal(signal: NodeJS.Signals): void {
  shared[INTERRUPTED] = new Promise<never>(() => undefined);
  process.on('uncaughtException', ignore);
  process.on('unhandledRejection', ignore);
  void handle(signal);
}

/**
 * Undefined until a signal comes; then a promise that never settles, for a caller that would
 * otherwise report an error or exit while the cleanup runs (the process ends by the signal).
 */
export function interruption(): Promise<never> | undefined {
  return shared[INTERRUPTED];
}

// Runs `task` if the process is interrupted before the returned function is called.
export function onInterrupt(task: Task): () => void {
  if (tasks.size === 0) for (const s of SIGNALS) process.on(s, onSignal);
  tasks.add(task);
  return () => {
    tasks.delete(task);
    if (tasks.size === 0) for (const s of SIGNALS) process.removeListener(s, onSignal);
  };
}

const removedAtExit = new Set<string>();

function removeFolders(): void {
  for (const path of removedAtExit) rmSync(path, { recursive: true, force: true });
  removedAtExit.clear();
}

/**
 * Removes the temporary folder `path` if the process exits before the returned function is
 * called: a command that ends the process with work still in flight (a batch that gave up on an
 * engine gone silent) leaves no copy of a submission behind. A signal's cleanup is onInterrupt's.
 */
export function removeAtExit(path: string): () => void {
  if (removedAtExit.size === 0) process.on('exit', removeFolders);
  removedAtExit.add(path);
  return () => {
    removedAtExit.delete(path);
    if (removedAtExit.size === 0) process.removeListener('exit', removeFolders);
  };
}
