import { existsSync } from 'node:fs';
import { execa } from 'execa';

/** Where distributions and `make install` put libfaketime. */
const FAKETIME_PATHS = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib64/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
  '/usr/local/lib/faketime/libfaketime.so.1',
];

/** A shift the probe must see: a day, far above the time the two `date` calls take. */
const PROBE_SHIFT = 86_400;

/** What this machine lets a local run vary besides its environment variables. */
export interface LocalLaunch {
  /** libfaketime, found and seen to move the clock, or null. */
  faketime: string | null;
  /** The CPUs this process may use (taskset's list), empty when taskset is not there. */
  cpus: number[];
}

// The CPUs of a list such as `0-3,6`.
export function parseCpuList(list: string): number[] {
  const cpus: number[] = [];
  for (const part of list.trim().split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!match) return [];
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    for (let cpu = from; cpu <= to; cpu++) cpus.push(cpu);
  }
  return cpus;
}

async function probeFaketime(): Promise<string | null> {
  const library = FAKETIME_PATHS.find((path) => existsSync(path));
  if (!library) return null;
  const now = async (env: Record<string, string>) => {
    const run = await execa('date', ['+%s'], { env, reject: false, timeout: 10_000 });
    return run.exitCode === 0 ? Number(run.stdout.toString().trim()) : NaN;
  };
  const shifted = await now({
    LD_PRELOAD: library,
    FAKETIME: `+${PROBE_SHIFT}`,
  });
  const real = await now({});
  return Math.abs(shifted - real - PROBE_SHIFT) < 60 ? library : null;
}

async function probeCpus(): Promise<number[]> {
  const run = await execa('taskset', ['-cp', String(process.pid)], {
    reject: false,
    timeout: 10_000,
  });
  if (run.exitCode !== 0) return [];
  return parseCpuList(run.stdout.toString().split(':').pop() ?? '');
}

let probed: Promise<LocalLaunch> | undefined;

/**
 * Whether libfaketime is installed and moves the clock (a `date` with it preloaded), and which
 * CPUs taskset may pin a run to. Probed once per process.
 */
export function probeLocalLaunch(): Promise<LocalLaunch> {
  probed ??= Promise.all([probeFaketime(), probeCpus()]).then(([faketime, cpus]) => ({
    faketime,
    cpus,
  }));
  return probed;
}
