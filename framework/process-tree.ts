import { readdir, readFile } from 'node:fs/promises';

/** A process's children, from /proc (Linux); none where it cannot be read. */
export async function childrenOf(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  const found: number[] = [];
  for (const task of tasks) {
    const text = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    found.push(...text.split(/\s+/).filter(Boolean).map(Number));
  }
  return found;
}

/** A process's descendants, parents before their children, at most `limit` of them. */
export async function descendantsOf(root: number, limit = 4096): Promise<number[]> {
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0 && found.length < limit) {
    for (const child of await childrenOf(queue.shift() ?? root)) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * Kills every descendant of `root` with SIGKILL, pass after pass until none is left (a process
 * forking while it is killed leaves children that the next pass finds), then `root` itself. A
 * daemon that left its process group and session is found too, as long as it is still below
 * `root` (the evaluator worker makes itself its descendants' subreaper for that).
 */
export async function killProcessTree(root: number, maxPasses = 50): Promise<void> {
  for (let pass = 0; pass < maxPasses; pass++) {
    const found = await descendantsOf(root);
    if (found.length === 0) break;
    for (const pid of found) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }
  try {
    process.kill(root, 'SIGKILL');
  } catch {
    // Gone already.
  }
}
