import { describe, expect, it } from 'vitest';
import { cpuTable } from './cpu-table.js';

const log = [
  '{"file":"tests/a.test.ts","self":1.5,"children":0.25}',
  '',
  '{"file":"tests/b.test.ts","self":0.5,"children":10}',
  '',
].join('\n');

describe('the per-file CPU table', () => {
  it('lists the files most CPU first and sums the workers and their processes', () => {
    expect(cpuTable(log, 'cpu.jsonl').split('\n')).toEqual([
      '  total    self children  file',
      '   10.5     0.5    10.0  tests/b.test.ts',
      '    1.8     1.5     0.3  tests/a.test.ts',
      '2 files: 12 CPU s (workers 2, their processes 10)',
      '',
    ]);
  });

  it('keeps the sums over every file when it shows the top ones', () => {
    const table = cpuTable(log, 'cpu.jsonl', 1);
    expect(table).not.toContain('tests/a.test.ts');
    expect(table).toContain('2 files: 12 CPU s');
  });

  it.each([
    ['not JSON', 'self=1'],
    ['a field missing', '{"file":"x","self":1}'],
  ])('names the line it cannot read (%s)', (_what, line) => {
    expect(() => cpuTable(`${log}${line}\n`, 'cpu.jsonl')).toThrow(
      /^cpu\.jsonl:4: not a line of tests\/cpu-per-file\.ts$/,
    );
  });
});
