// The CLI's contract under bad input: one row of a table in bad-input/*.cases.ts, run as a
// process. Each table has a test file of its own (NAME.test.ts), so the tables run in parallel.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../../framework/package-root.js';
import type { BadInputCase } from './case.js';

// Every path under dir, as a sorted list of paths relative to it (symlinks not followed).
function listTree(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const path = join(dir, e.name);
      return e.isDirectory() && !e.isSymbolicLink()
        ? [relative(base, path), ...listTree(path, base)]
        : [relative(base, path)];
    })
    .sort();
}

function check(row: BadInputCase): void {
  const dir = mkdtempSync(join(tmpdir(), 'rpe-bad-input-'));
  try {
    row.setup?.(dir);
    const before = new Set(listTree(dir));
    const stdin = row.stdinFrom === undefined ? null : openSync(row.stdinFrom, 'r');
    // The peak is measured by time(1) and written outside the row's folder.
    const peakDir = row.maxPeakMb === undefined ? null : mkdtempSync(join(tmpdir(), 'rpe-peak-'));
    const command = [process.execPath, packagePath('bin', 'rpe.js'), ...row.args];
    const measured = peakDir ? ['/usr/bin/time', '-f', '%M', '-o', join(peakDir, 'kb')] : [];
    const [program = '', ...rest] = [...measured, ...command];
    const r = spawnSync(program, rest, {
      cwd: dir,
      encoding: 'utf8',
      ...(stdin === null ? { input: row.stdin ?? '' } : { stdio: [stdin, 'pipe', 'pipe'] }),
      env: { ...process.env, ...row.env },
      timeout: (row.timeoutSeconds ?? 30) * 1000,
      killSignal: 'SIGKILL',
    });
    if (stdin !== null) closeSync(stdin);
    const context = `rpe ${row.args.join(' ')}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;
    expect(r.error, `the command did not finish: ${context}`).toBeUndefined();
    if (peakDir !== null) {
      const lines = readFileSync(join(peakDir, 'kb'), 'utf8').trim().split('\n');
      rmSync(peakDir, { recursive: true, force: true });
      const peakMb = Number(lines[lines.length - 1]) / 1024;
      expect(peakMb, `peak memory in MB: ${context}`).toBeLessThan(row.maxPeakMb ?? 0);
    }
    expect(r.status, context).toBe(row.exit);
    expect(r.stderr, context).not.toMatch(/\n\s+at /);
    if (row.exit === 2) {
      expect(r.stderr, context).toMatch(/^rpe: [^\n]+\n$/);
      if (!row.args.includes('--json')) {
        if (row.stdout) expect(r.stdout, context).toMatch(row.stdout);
        else expect(r.stdout, context).toBe('');
      }
    }
    if (row.stderr) expect(r.stderr, context).toMatch(row.stderr);
    if (row.args.includes('--json')) {
      let doc: unknown;
      expect(() => (doc = JSON.parse(r.stdout)), `one JSON document: ${context}`).not.toThrow();
      // An error document says the same exit status as the process.
      if (typeof doc === 'object' && doc !== null && 'error' in doc) {
        expect(doc, context).toMatchObject({ error: { exit_code: row.exit } });
      }
      row.json?.(doc);
    }
    row.after?.(dir);
    const allowed = new Set(row.allowed ?? []);
    const left = listTree(dir).filter((p) => !before.has(p) && !allowed.has(p));
    expect(left, `files left behind: ${context}`).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows of one table, each a test. */
export function badInputTable(name: string, rows: BadInputCase[]): void {
  describe(`bad input: ${name}`, () => {
    it.each(rows.map((row) => [row.name, row] as const))('%s', (_label, row) => check(row));
  });
}
