// What each test file costs the whole machine, engine included: the table
// scripts/ci/test-machine-cost.ts prints after running the files one at a time. tests/cpu-per-file.ts
// counts a file's worker and the processes it waits for; the containers' runc, shims and daemons are
// nobody's child there, and on two cores they are about half of the suite's CPU.

/** When one test file ran (milliseconds since the epoch, as vitest's JSON report gives them). */
export interface FileWindow {
  file: string;
  start: number;
  end: number;
}

/** The machine's busy CPU seconds so far (all cores), read at `at`. */
export interface BusySample {
  at: number;
  busy: number;
}

/** One event of the main engine: `docker events`' type and action, at `at` (ms). */
export interface EngineEvent {
  at: number;
  type: string;
  action: string;
}

export interface FileCost {
  file: string;
  /** Seconds the file ran. */
  wall: number;
  /** CPU seconds the machine was busy while it ran, every process counted. */
  machine: number;
  /** Containers the main engine created while it ran. */
  containers: number;
  /** Commands the main engine started in containers while it ran. */
  execs: number;
}

// The busy count at `at`, interpolated between the samples around it (clamped at the ends).
function busyAt(samples: readonly BusySample[], at: number): number {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last) return 0;
  if (at <= first.at) return first.busy;
  if (at >= last.at) return last.busy;
  let low = 0;
  let high = samples.length - 1;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if ((samples[mid] as BusySample).at <= at) low = mid;
    else high = mid;
  }
  const a = samples[low] as BusySample;
  const b = samples[high] as BusySample;
  return a.busy + ((b.busy - a.busy) * (at - a.at)) / (b.at - a.at);
}

/**
 * Each file's cost, costliest first. The files must have run one at a time (`--maxWorkers=1`):
 * whatever the machine did while a file ran is counted as that file's.
 */
export function fileCosts(
  files: readonly FileWindow[],
  samples: readonly BusySample[],
  events: readonly EngineEvent[],
): FileCost[] {
  const sorted = [...samples].sort((a, b) => a.at - b.at);
  return files
    .map((f) => {
      const during = events.filter(
        (e) => e.type === 'container' && e.at >= f.start && e.at <= f.end,
      );
      return {
        file: f.file,
        wall: (f.end - f.start) / 1000,
        machine: Math.max(0, busyAt(sorted, f.end) - busyAt(sorted, f.start)),
        containers: during.filter((e) => e.action === 'create').length,
        execs: during.filter((e) => e.action.startsWith('exec_create')).length,
      };
    })
    .sort((a, b) => b.machine - a.machine || a.file.localeCompare(b.file));
}

/** The printed table; `whole` is the machine's busy CPU over the run, between files included. */
export function machineCostTable(
  costs: readonly FileCost[],
  whole: { machine: number; wall: number },
  top = Infinity,
): string {
  const num = (n: number, width: number, digits = 1) => n.toFixed(digits).padStart(width);
  const sum = (key: 'machine' | 'wall' | 'containers' | 'execs') =>
    costs.reduce((t, c) => t + c[key], 0);
  return [
    'machine    wall  containers  commands  file',
    ...costs
      .slice(0, top)
      .map(
        (c) =>
          `${num(c.machine, 7)} ${num(c.wall, 7)} ${num(c.containers, 11, 0)} ${num(c.execs, 9, 0)}  ${c.file}`,
      ),
    `${costs.length} files: ${sum('machine').toFixed(0)} CPU s of the machine over ${sum('wall').toFixed(0)} s, ` +
      `${sum('containers')} containers and ${sum('execs')} commands in them on the main engine`,
    `the whole run: ${whole.machine.toFixed(0)} CPU s of the machine over ${whole.wall.toFixed(0)} s`,
    '',
  ].join('\n');
}
