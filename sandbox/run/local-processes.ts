import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { childrenOf, peakResidentBytes, readProc } from '../../framework/process-tree.js';

// /proc is read synchronously, as in framework/process-tree.ts: no disk behind it.
function pids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((e) => /^\d+$/.test(e))
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Kills every process whose environment holds `name=value`, pass after pass until two passes in a
 * row find none (a process may fork while a pass runs). One empty pass is not enough: a process
 * killed in the middle of a fork finishes the fork before it dies, so the next pass may list it,
 * find it dead when it reads its environment, and not yet list its child. Only processes this
 * user may read are seen, which are the only ones a local run can start.
 */
export function killMarked(name: string, value: string, maxPasses = 20): number {
  const needle = `\0${name}=${value}\0`;
  let killed = 0;
  let empty = 0;
  for (let pass = 0; pass < maxPasses && empty < 2; pass++) {
    let found = 0;
    for (const pid of pids()) {
      if (pid === process.pid) continue;
      if (!`\0${readProc(`/proc/${pid}/environ`)}`.includes(needle)) continue;
      try {
        process.kill(pid, 'SIGKILL');
        found++;
      } catch {
        // Gone already.
      }
    }
    killed += found;
    empty = found === 0 ? empty + 1 : 0;
  }
  return killed;
}

// The largest peak resident size among a process and its descendants, or null when unreadable.
export function peakMemoryOfTree(root: number): number | null {
  let peak: number | null = null;
  const queue = [root];
  for (let seen = 0; queue.length > 0 && seen < 256; seen++) {
    const pid = queue.shift() ?? root;
    const bytes = peakResidentBytes(pid);
    if (bytes !== null) peak = Math.max(peak ?? 0, bytes);
    queue.push(...childrenOf(pid));
  }
  return peak;
}

/**
 * Removes what libfaketime left in /dev/shm for a process: the first process that loads it
 * creates a semaphore and a shared memory object named after its pid, and not every interpreter
 * runs the destructor that removes them.
 */
export async function removeFaketimeLeftovers(pid: number): Promise<void> {
  await Promise.all(
    [`/dev/shm/faketime_shm_${pid}`, `/dev/shm/sem.faketime_sem_${pid}`].map((path) =>
      rm(path, { force: true }),
    ),
  );
}
