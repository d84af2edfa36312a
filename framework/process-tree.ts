import { readdirSync, readFileSync } from 'node:fs';

// /proc is read synchronously: its files are made by the kernel on read and never wait on a
// disk, and a synchronous read costs a few microseconds where fs/promises' open, stat, read and
// close round trips through the thread pool cost far more (the local executor samples a run's
// process tree every 25 ms).
/** A file of /proc as text; empty when it cannot be read (the process is gone, or not ours). */
export function readProc(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** A process's children, from /proc (Linux); none where it cannot be read. */
export function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const task of tasks) {
    const text = readProc(`/proc/${pid}/task/${task}/children`);
    for (const child of text.split(/\s+/)) if (child !== '') found.push(Number(child));
  }
  return found;
}

/** A process's descendants, parents before their children, at most `limit` of them. */
export function descendantsOf(root: number, limit = 4096): number[] {
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0 && found.length < limit) {
    for (const child of childrenOf(queue.shift() ?? root)) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** The peak resident size (VmHWM) of a process, or null when it cannot be read. */
export function peakResidentBytes(pid: number): number | null {
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(readProc(`/proc/${pid}/status`))?.[1];
  return kb === undefined ? null : Number(kb) * 1024;
}

/**
 * Kills every descendant of `root` with SIGKILL, pass after pass until none is left (a process
 * forking while it is killed leaves children that the next pass finds), then `root` itself. A
 * daemon that left its process group and session is found too, as long as it is still below
 * `root` (the evaluator worker makes itself its descendants' subreaper for that).
 */
export function killProcessTree(root: number, maxPasses = 50): void {
  for (let pass = 0; pass < maxPasses; pass++) {
    const found = descendantsOf(root);
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
