import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { CLOCK_SHIFT_SECONDS, ENV_VARIATIONS } from './env-variations.js';
import { parseCpuList } from './probe-local-launch.js';
import { describeShift, launcherArgv, launchNote } from './variation-launcher.js';

const [a, b] = ENV_VARIATIONS;

describe('launcherArgv', () => {
  it('sets the umask, then pins and moves the clock by replacing itself each time', () => {
    expect(launcherArgv(b, { faketime: '/lib/ft.so', cpu: 1 })).toEqual([
      '/bin/sh',
      '-c',
      'umask "$1" || exit 125; shift; exec "$@"',
      'rpe-vary',
      '0002',
      'taskset',
      '-c',
      '1',
      'env',
      'LD_PRELOAD=/lib/ft.so',
      `FAKETIME=+${CLOCK_SHIFT_SECONDS}`,
    ]);
  });

  it('preloads libfaketime in the first run too, with the clock unmoved, and pins nothing', () => {
    const argv = launcherArgv(a, { faketime: '/lib/ft.so', cpu: 1 });
    expect(argv).toContain('FAKETIME=+0');
    expect(argv).not.toContain('taskset');
  });

  it('leaves out what the machine cannot do', () => {
    expect(launcherArgv(b, { faketime: null, cpu: null })).toEqual([
      '/bin/sh',
      '-c',
      'umask "$1" || exit 125; shift; exec "$@"',
      'rpe-vary',
      '0002',
    ]);
  });

  it('runs the command in the umask it sets, as the same process', async () => {
    const argv = [
      ...launcherArgv(b, { faketime: null, cpu: null }),
      '/bin/sh',
      '-c',
      'umask; echo $$',
    ];
    const child = execa(argv[0] ?? '', argv.slice(1));
    const [umask, pid] = (await child).stdout.toString().split('\n');
    expect(umask).toBe('0002');
    expect(pid).toBe(String(child.pid));
  });
});

describe('reporting the variation', () => {
  it('says the shift in days and hours', () => {
    expect(describeShift(CLOCK_SHIFT_SECONDS)).toBe('+398 days 7 hours');
    expect(describeShift(0)).toBe('unchanged');
  });

  it('names what was varied and what was not', () => {
    expect(launchNote(b, { faketime: '/lib/ft.so', cpu: 0 }, true)).toBe(
      'the second run of each seed: the clock +398 days 7 hours (libfaketime), umask 0002, user id 10003, one CPU (taskset)',
    );
    expect(launchNote(b, { faketime: null, cpu: null }, false)).toBe(
      'the second run of each seed: umask 0002; not varied: the clock (libfaketime is not installed), the user id, the CPUs (only one is there)',
    );
  });
});

describe('parseCpuList', () => {
  it('reads taskset lists', () => {
    expect(parseCpuList('0-3,6')).toEqual([0, 1, 2, 3, 6]);
    expect(parseCpuList(' 0,1\n')).toEqual([0, 1]);
    expect(parseCpuList('garbage')).toEqual([]);
  });
});
