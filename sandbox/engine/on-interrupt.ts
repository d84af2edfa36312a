/**
 * Cleanup on Ctrl-C and on `kill`: a process has one set of signal handlers, so the tasks of every
 * live executor share them. The handlers exist only while a task is registered, so an idle process
 * (and a test) keeps Node's default behaviour and nothing needs resetting.
 */
type Task = () => Promise<void>;

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const tasks = new Set<Task>();
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

function onSignal(signal: NodeJS.Signals): void {
  void handle(signal);
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
