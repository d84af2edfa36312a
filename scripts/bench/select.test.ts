import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { benchmarkNames, selectBenchmarks } from './select.js';

const AVAILABLE = ['sandbox', 'rules', 'lexicon'];

describe('npm run bench chooses its benchmarks', () => {
  it('runs every benchmark in name order, or those named', () => {
    expect(selectBenchmarks([], AVAILABLE)).toEqual({ names: ['lexicon', 'rules', 'sandbox'] });
    expect(selectBenchmarks(['sandbox', 'lexicon'], AVAILABLE)).toEqual({
      names: ['lexicon', 'sandbox'],
    });
    expect(selectBenchmarks(['rules', '--help'], AVAILABLE)).toEqual({ help: true });
  });

  it('refuses an option or a name it does not know, saying what there is', () => {
    expect(selectBenchmarks(['--bogus'], AVAILABLE)).toEqual({
      error: 'unknown option --bogus (npm run bench -- --help lists the benchmarks)',
    });
    expect(selectBenchmarks(['rules', 'sandbx'], AVAILABLE)).toEqual({
      error: 'no benchmark named sandbx; there are: sandbox, rules, lexicon',
    });
  });

  it("finds the benchmarks, not the folder's helpers", () => {
    const names = benchmarkNames(packagePath('scripts', 'bench'));
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['rules', 'sandbox', 'snapshot']));
    // Every module of the folder is a benchmark but the runner and its helpers.
    const modules = readdirSync(packagePath('scripts', 'bench'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(modules.filter((m) => !names.includes(m)).sort()).toEqual([
      'index',
      'measure',
      'select',
    ]);
  });

  it('takes a run() however it is exported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rpe-bench-names-'));
    try {
      writeFileSync(join(dir, 'a.ts'), 'export async function run(): Promise<void> {}\n');
      writeFileSync(join(dir, 'b.ts'), 'export const run = async () => {};\n');
      writeFileSync(join(dir, 'c.ts'), 'export function run<T>(): void {}\n');
      writeFileSync(join(dir, 'd.ts'), 'export function runner(): void {}\n');
      writeFileSync(join(dir, 'e.test.ts'), 'export function run(): void {}\n');
      expect(benchmarkNames(dir)).toEqual(['a', 'b', 'c']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with one line for a bad argument, before any benchmark runs', () => {
    const tsx = packagePath('node_modules', '.bin', 'tsx');
    const r = spawnSync(tsx, [packagePath('scripts', 'bench', 'index.ts'), 'sandbx'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    const names = benchmarkNames(packagePath('scripts', 'bench')).join(', ');
    expect(r.stderr).toBe(`bench: no benchmark named sandbx; there are: ${names}\n`);
    expect(r.stdout).toBe('');
  });
});
