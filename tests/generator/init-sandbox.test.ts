import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { engine, ensureImages } from '../sandbox-docker/docker-engine.js';
import { temporaryFolder } from '../temporary-folder.js';
import { fillScaffold } from './fill-scaffold.js';
import { ROOT } from './run-rpe.js';
import { copyOfScaffold } from './shared-scaffold.js';

const work = temporaryFolder('rpe-init-sandbox-');
const hasData = existsSync(join(ROOT, 'data', 'morphology.sqlite'));

interface Report {
  verdict: string;
  reasons: { code: string; class: string }[];
  toolkit_version: string;
  generator_toolkit: { version: string; resolved: string | null } | null;
  seeds: { seed: number; output_sha256: string; n_items: number }[];
}

async function sandboxRun(
  dir: string,
  exitCode: number,
  { bin = join(ROOT, 'bin', 'rpe.js'), command = ['sandbox', 'run'], seeds = '0,1' } = {},
): Promise<Report> {
  const r = await execa(process.execPath, [bin, ...command, dir, '--seeds', seeds, '--json'], {
    reject: false,
  });
  expect(r.exitCode, r.stderr).toBe(exitCode);
  return JSON.parse(r.stdout) as Report;
}

/**
 * A copy of this toolkit as another runner would have it: another version, and a framework whose
 * generator entry point refuses to run. A generator that got its toolkit from the runner would
 * crash; one that runs with its own lock's is unaffected.
 */
function otherRunner(): string {
  const runner = join(work, 'runner');
  mkdirSync(runner);
  for (const part of ['bin', 'dist'])
    cpSync(join(ROOT, part), join(runner, part), { recursive: true });
  for (const part of ['node_modules', 'data', 'templates'])
    symlinkSync(join(ROOT, part), join(runner, part));
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  writeFileSync(
    join(runner, 'package.json'),
    JSON.stringify({ ...manifest, version: '9.9.9-other' }),
  );
  // Both where the function is compiled and in the bundle a generator's import of the toolkit
  // loads (the framework's door, dist/framework/index.js).
  for (const file of [['generator', 'run-generator-cli.js'], ['index.js']]) {
    const cli = join(runner, 'dist', 'framework', ...file);
    const text = readFileSync(cli, 'utf8');
    const patched = text.replace(
      /^(export )?async function runGeneratorCli\(([^)]*)\) \{/m,
      (head) => `${head}\n    throw new Error('the runner toolkit was used');`,
    );
    expect(patched).not.toBe(text);
    writeFileSync(cli, patched);
  }
  return join(runner, 'bin', 'rpe.js');
}

describe.skipIf(!engine || !hasData)('rpe init repositories in the Docker sandbox', () => {
  beforeAll(ensureImages, 1_200_000);

  it('both scaffolds are incomplete as generated, eligible once filled in, and agree byte for byte', async () => {
    const py = join(work, 'py');
    const ts = join(work, 'ts');
    await copyOfScaffold('py', py);
    await copyOfScaffold('ts', ts);
    // As a team has it after installing: node_modules/ in the working tree (ignored, so not in
    // the commit), which once failed the sandbox's install step with EACCES.
    const installed = await execa(
      'npm',
      ['ci', '--omit=dev', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: ts, reject: false },
    );
    expect(installed.exitCode, installed.stderr).toBe(0);
    expect(existsSync(join(ts, 'node_modules', 'reverse-poleval'))).toBe(true);
    for (const dir of [py, ts]) {
      const untouched = await sandboxRun(dir, 1, { seeds: '0' });
      expect(untouched.verdict).toBe('incomplete');
      expect(untouched.reasons.map((r) => [r.code, r.class])).toEqual([
        ['placeholder_left', 'incomplete'],
      ]);
    }
    await fillScaffold(py, 'py');
    await fillScaffold(ts, 'ts');
    const pyReport = await sandboxRun(py, 0);
    const tsReport = await sandboxRun(ts, 0);
    for (const report of [pyReport, tsReport]) {
      expect(report.reasons).toEqual([]);
      expect(report.verdict).toBe('eligible');
      expect(report.seeds.map((s) => s.n_items)).toEqual([100, 100]);
    }
    expect(tsReport.seeds.map((s) => s.output_sha256)).toEqual(
      pyReport.seeds.map((s) => s.output_sha256),
    );
    expect(pyReport.generator_toolkit).toBeNull();
    expect(tsReport.generator_toolkit).toEqual({
      version: tsReport.toolkit_version,
      resolved: `file:vendor/reverse-poleval-${tsReport.toolkit_version}.tgz`,
    });

    // The same commit under a runner with another toolkit, in the sandbox and in rpe check: the
    // same bytes, the same toolkit (the other runner's would throw if the generator used it).
    const runner = otherRunner();
    for (const command of [['sandbox', 'run'], ['check']]) {
      const other = await sandboxRun(ts, 0, { bin: runner, command });
      expect(other.toolkit_version).toBe('9.9.9-other');
      expect(other.reasons).toEqual([]);
      expect(other.generator_toolkit).toEqual(tsReport.generator_toolkit);
      expect(other.seeds.map((s) => s.output_sha256)).toEqual(
        tsReport.seeds.map((s) => s.output_sha256),
      );
    }
  }, 600_000);
});
