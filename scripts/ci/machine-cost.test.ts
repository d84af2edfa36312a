import { describe, expect, it } from 'vitest';
import { fileCosts, machineCostTable, type BusySample, type EngineEvent } from './machine-cost.js';

// Two files one after the other: a from 1 s to 3 s, b from 3 s to 7 s.
const files = [
  { file: 'tests/a.test.ts', start: 1000, end: 3000 },
  { file: 'tests/b.test.ts', start: 3000, end: 7000 },
];
// The machine busy 0.5 CPU s a second until 2 s, then 1.5 a second; read at 0, 2, 4 and 8 s.
const samples: BusySample[] = [
  { at: 8000, busy: 10 },
  { at: 0, busy: 0 },
  { at: 2000, busy: 1 },
  { at: 4000, busy: 4 },
];
const events: EngineEvent[] = [
  { at: 1500, type: 'container', action: 'create' },
  { at: 1600, type: 'container', action: 'start' },
  { at: 1700, type: 'container', action: 'exec_create: /bin/sh -c true' },
  { at: 2500, type: 'volume', action: 'create' },
  { at: 4000, type: 'container', action: 'create' },
  { at: 4100, type: 'container', action: 'exec_create: python3 generate.py' },
  { at: 4200, type: 'container', action: 'exec_create: python3 generate.py' },
  { at: 9000, type: 'container', action: 'create' },
];

describe("each test file's cost to the machine", () => {
  it('interpolates the busy count at each end, counts containers and commands, costliest first', () => {
    expect(fileCosts(files, samples, events)).toEqual([
      // busy(7 s) = 4 + 6 * 3/4 = 8.5; busy(3 s) = 1 + 3 / 2 = 2.5
      { file: 'tests/b.test.ts', wall: 4, machine: 6, containers: 1, execs: 2 },
      // busy(1 s) = 0.5
      { file: 'tests/a.test.ts', wall: 2, machine: 2, containers: 1, execs: 1 },
    ]);
  });

  it('holds the busy count at the nearest reading outside the readings', () => {
    const late = [{ file: 'tests/c.test.ts', start: 9000, end: 12000 }];
    expect(fileCosts(late, samples, events)).toEqual([
      { file: 'tests/c.test.ts', wall: 3, machine: 0, containers: 1, execs: 0 },
    ]);
    expect(fileCosts(files, [], [])[0]?.machine).toBe(0);
  });

  it('prints a row per file and the sums, the top ones only when asked', () => {
    const costs = fileCosts(files, samples, events);
    const table = machineCostTable(costs, { machine: 10, wall: 8 });
    expect(table.split('\n')).toEqual([
      'machine    wall  containers  commands  file',
      '    6.0     4.0           1         2  tests/b.test.ts',
      '    2.0     2.0           1         1  tests/a.test.ts',
      '2 files: 8 CPU s of the machine over 6 s, 2 containers and 3 commands in them on the main engine',
      'the whole run: 10 CPU s of the machine over 8 s',
      '',
    ]);
    const first = machineCostTable(costs, { machine: 10, wall: 8 }, 1);
    expect(first).not.toContain('tests/a.test.ts');
    expect(first).toContain('2 files: 8 CPU s');
  });
});
