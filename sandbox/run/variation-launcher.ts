import type { EnvVariation } from './executor.js';

/**
 * libfaketime in the runner images (Debian's `libfaketime`). The loader expands `$LIB` to its own
 * library folder (`lib/x86_64-linux-gnu`, `lib/aarch64-linux-gnu`), so one path fits every
 * architecture the images are built for.
 */
export const IMAGE_FAKETIME = '/usr/$LIB/faketime/libfaketime.so.1';

/** What a machine lets a run vary besides its environment variables. */
export interface LaunchFacts {
  /** The libfaketime library to preload, or null when the clock cannot be moved. */
  faketime: string | null;
  /** The CPU a run limited to one CPU is pinned to, or null when it cannot be pinned. */
  cpu: number | null;
}

/** Sets the umask, then replaces itself with the rest of its arguments. */
const UMASK_THEN_EXEC = 'umask "$1" || exit 125; shift; exec "$@"';

/**
 * The command that puts the generator in its variation's umask, CPUs and clock: a shell that sets
 * the umask, `taskset` and `env`, each replacing itself with the next, so the generator keeps the
 * pid the runner gave the first. libfaketime is preloaded in both runs (`FAKETIME=+0` in the
 * first), so the runs differ in the time and not in what is loaded. The monotonic clock moves with
 * it (by a constant, so intervals, timers and sleeps are unchanged): libfaketime 0.9.10 with the
 * monotonic clock left alone fails every relative sleep (`time.sleep` is EINVAL). Put before the
 * interpreter's command line.
 */
export function launcherArgv(variation: EnvVariation, facts: LaunchFacts): string[] {
  return [
    '/bin/sh',
    '-c',
    UMASK_THEN_EXEC,
    'rpe-vary',
    variation.umask,
    ...(variation.cpus === 'one' && facts.cpu !== null ? ['taskset', '-c', String(facts.cpu)] : []),
    ...(facts.faketime === null
      ? []
      : ['env', `LD_PRELOAD=${facts.faketime}`, `FAKETIME=+${variation.clockShiftSeconds}`]),
  ];
}

// "+398 days 7 hours": a clock shift as a report says it.
export function describeShift(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const parts = [days ? `${days} days` : '', hours ? `${hours} hours` : ''].filter(Boolean);
  return parts.length ? `+${parts.join(' ')}` : 'unchanged';
}

/**
 * One line for a report: what the second run of every seed changes that is not an environment
 * variable, and what this executor could not change (`uid`: whether it sets the user id).
 */
export function launchNote(second: EnvVariation, facts: LaunchFacts, uid: boolean): string {
  const clock = `the clock ${describeShift(second.clockShiftSeconds)}`;
  const varied = [
    ...(facts.faketime === null ? [] : [`${clock} (libfaketime)`]),
    `umask ${second.umask}`,
    ...(uid ? [`user id ${second.uid}`] : []),
    ...(second.cpus === 'one' && facts.cpu !== null ? ['one CPU (taskset)'] : []),
  ];
  const missing = [
    ...(facts.faketime === null ? ['the clock (libfaketime is not installed)'] : []),
    ...(uid ? [] : ['the user id']),
    ...(second.cpus === 'one' && facts.cpu === null ? ['the CPUs (only one is there)'] : []),
  ];
  const not = missing.length ? `; not varied: ${missing.join(', ')}` : '';
  return `the second run of each seed: ${varied.join(', ')}${not}`;
}
