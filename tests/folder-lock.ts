// A lock that test files of one run (each in its own process) take turns with: a folder made with
// mkdir, which only one process can make, holding its owner's pid. A lock whose owner died (a
// worker killed, Ctrl-C) is taken over. Waiting is by polling: no test's outcome depends on it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from '../framework/process-alive.js';

// Takes the lock if it is free (or its owner is gone); false while another process holds it.
function tryTake(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch {
    let holder = 0;
    try {
      holder = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    } catch {
      // Made but not yet written.
    }
    if (holder > 0 && !processAlive(holder)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

/** Runs `work` holding the lock folder `lock`, for code that cannot wait asynchronously. */
export function withFolderLockSync<T>(lock: string, work: () => T): T {
  while (!tryTake(lock)) execFileSync('sleep', ['0.5']);
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Runs `work` holding the lock folder `lock`. */
export async function withFolderLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  while (!tryTake(lock)) await new Promise((resolve) => setTimeout(resolve, 500));
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
