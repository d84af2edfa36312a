import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, ensureImages } from '../sandbox-docker/docker-engine.js';
import { fillScaffold } from './fill-scaffold.js';
import { ROOT, rpe } from './run-rpe.js';

const work = mkdtempSync(join(tmpdir(), 'rpe-init-sandbox-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const hasData = existsSync(join(ROOT, 'data', 'morphology.sqlite'));

interface Report {
  verdict: string;
  reasons: { code: string; class: string }[];
  seeds: { seed: number; output_sha256: string; n_items: number }[];
}

async function sandboxRun(dir: string, exitCode: number): Promise<Report> {
  const r = await rpe(['sandbox', 'run', dir, '--seeds', '0,1,2', '--json']);
  expect(r.exitCode, r.stderr).toBe(exitCode);
  return JSON.parse(r.stdout) as Report;
}

describe.skipIf(!engine || !hasData)('rpe init repositories in the Docker sandbox', () => {
  beforeAll(ensureImages, 1_200_000);

  it('both scaffolds are incomplete as generated, eligible once filled in, and agree byte for byte', async () => {
    const py = join(work, 'py');
    const ts = join(work, 'ts');
    expect((await rpe(['init', py, '--lang', 'py'])).exitCode).toBe(0);
    expect((await rpe(['init', ts, '--lang', 'ts'])).exitCode).toBe(0);
    for (const dir of [py, ts]) {
      const untouched = await sandboxRun(dir, 1);
      expect(untouched.verdict).toBe('incomplete');
      expect(untouched.reasons.map((r) => [r.code, r.class])).toEqual([
        ['placeholder_left', 'incomplete'],
      ]);
    }
    fillScaffold(py, 'py');
    fillScaffold(ts, 'ts');
    const pyReport = await sandboxRun(py, 0);
    const tsReport = await sandboxRun(ts, 0);
    for (const report of [pyReport, tsReport]) {
      expect(report.reasons).toEqual([]);
      expect(report.verdict).toBe('eligible');
      expect(report.seeds.map((s) => s.n_items)).toEqual([100, 100, 100]);
    }
    expect(tsReport.seeds.map((s) => s.output_sha256)).toEqual(
      pyReport.seeds.map((s) => s.output_sha256),
    );
  }, 600_000);
});
