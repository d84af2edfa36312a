import { readdir, readFile, rm } from 'node:fs/promises';
import { childrenOf } from '../../framework/process-tree.js';

async function pids(): Promise<number[]> {
  const entries = await readdir('/proc').catch(() => []);
  return entries.filter((e) => /^\d+$/.test(e)).map(Number);
}

/**
 * Kills every process whose environment holds `name=value`, pass after pass until none is left
 * (a process may fork while a pass runs). Only processes this user may read are seen, which are
 * the only ones a local run can start.
 */
export async function killMarked(name: string, value: string, maxPasses = 20): Promise<number> {
  const needle = Buffer.from(`\0${name}=${value}\0`);
  let killed = 0;
  for (let pass = 0; pass < maxPasses; pass++) {
    let found = 0;
    for (const pid of await pids()) {
      if (pid === process.pid) continue;
      const environ = await readFile(`/proc/${pid}/environ`).catch(() => null);
      if (!environ || !Buffer.concat([Buffer.from([0]), environ]).includes(needle)) continue;
      try {
        process.kill(pid, 'SIGKILL');
        found++;
      } catch {
        // Gone already.
      }
    }
    killed += found;
    if (found === 0) break;
  }
  return killed;
}

async function highWater(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb === undefined ? null : Number(kb) * 1024;
}

// The largest peak resident size among a process and its descendants, or null when unreadable.
export async function peakMemoryOfTree(root: number): Promise<number | null> {
  let peak: number | null = null;
  const queue = [root];
  for (let seen = 0; queue.length > 0 && seen < 256; seen++) {
    const pid = queue.shift() ?? root;
    const bytes = await highWater(pid);
    if (bytes !== null) peak = Math.max(peak ?? 0, bytes);
    queue.push(...(await childrenOf(pid)));
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
