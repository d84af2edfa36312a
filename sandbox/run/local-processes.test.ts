import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  childrenOf,
  descendantsOf,
  killProcessTree,
  peakResidentBytes,
} from '../../framework/process-tree.js';
import { killMarked, peakMemoryOfTree } from './local-processes.js';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      killProcessTree(child.pid);
    }
  }
});

// A process started for the test, whose first line of output says it is ready.
async function startReady(
  script: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChildProcess & { pid: number }> {
  const child = spawn('sh', ['-c', script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  expect(chunk.toString()).toMatch(/^ready/);
  if (child.pid === undefined) throw new Error('no pid');
  return child as ChildProcess & { pid: number };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie is dead for this purpose: it runs nothing and is only waiting to be reaped.
  return !/^State:\s+Z/m.test(readStatus(pid));
}

function readStatus(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
}

// Waits until none of `pids` runs; how long it takes is not what is tested.
async function gone(pids: number[]): Promise<number[]> {
  for (let i = 0; i < 600 && pids.some(alive); i++) await sleep(50);
  return pids.filter(alive);
}

describe('the process tree read from /proc', () => {
  it('finds children and grandchildren, and kills them all', async () => {
    const root = await startReady(
      'sh -c "sleep 300 & sleep 300 & wait" & sleep 300 & echo ready; wait',
    );
    // Two children (the inner shell and a sleep), and the inner shell's two sleeps below them.
    let tree: number[] = [];
    for (let i = 0; i < 600 && tree.length < 4; i++) {
      tree = descendantsOf(root.pid);
      if (tree.length < 4) await sleep(50);
    }
    expect(childrenOf(root.pid)).toHaveLength(2);
    expect(tree).toHaveLength(4);
    expect(new Set(tree).size).toBe(4);
    killProcessTree(root.pid);
    await once(root, 'exit');
    expect(await gone(tree)).toEqual([]);
  });

  it('gives no children for a process that does not exist', () => {
    expect(childrenOf(2 ** 30)).toEqual([]);
    expect(descendantsOf(2 ** 30)).toEqual([]);
    expect(peakResidentBytes(2 ** 30)).toBeNull();
  });

  it('takes the peak resident size of the largest process in the tree', async () => {
    // A child that touched 96 MiB, below a shell that did not.
    const root = await startReady(
      "python3 -c \"import time; b = b'x' * (96 * 2**20); print('ready', flush=True); time.sleep(300)\" & wait",
    );
    expect(peakResidentBytes(root.pid) ?? 0).toBeLessThan(32 * 2 ** 20);
    expect(peakMemoryOfTree(root.pid) ?? 0).toBeGreaterThanOrEqual(96 * 2 ** 20);
  });
});

describe('killMarked', () => {
  it('kills the processes whose environment holds the mark, and only those', async () => {
    const mark = `rpe-test-${process.pid}-${Date.now()}`;
    // The marked one leaves its process group and session, as a daemon would.
    const marked = await startReady('setsid sleep 300 & echo ready; wait', {
      ...process.env,
      RPE_TEST_MARK: mark,
    });
    const other = await startReady('sleep 300 & echo ready; wait', {
      ...process.env,
      RPE_TEST_MARK: `${mark}-other`,
    });
    const markedTree = descendantsOf(marked.pid);
    const otherTree = descendantsOf(other.pid);
    // The marked shell and its sleep.
    expect(killMarked('RPE_TEST_MARK', mark)).toBeGreaterThanOrEqual(2);
    expect(await gone([marked.pid, ...markedTree])).toEqual([]);
    expect([other.pid, ...otherTree].every(alive)).toBe(true);
  });
});
