import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashTree, reportSchema, type Report, type VerifyResult } from '../../sandbox/index.js';
// The engine probe (skipped loudly outside CI when none answers) and the image build are shared
// with the executor's own Docker tests.
import { engine, ensureImages, IMAGE_BUILD_TIMEOUT_MS } from '../sandbox-docker/docker-engine.js';
import { temporaryFolder } from '../temporary-folder.js';
import { fixture } from './fixture-paths.js';
import { rpe } from './run-rpe.js';

const tmp = temporaryFolder('rpe-docker-run-');

async function sandboxRun(name: string, seeds = '0,1'): Promise<{ code: number; report: Report }> {
  const r = await rpe([
    'sandbox',
    'run',
    fixture(name),
    '--seeds',
    seeds,
    '--timeout',
    '60',
    '--memory',
    '512m',
    '--json',
    '--report-dir',
    join(tmp, name),
  ]);
  return { code: r.code, report: reportSchema.parse(JSON.parse(r.stdout)) };
}

// The bytes the generator writes when run directly on the host.
async function hostSha256(name: string, seed: number): Promise<string> {
  const out = join(tmp, `${name}-${seed}.jsonl`);
  await execa('python3', [
    join(fixture(name), 'generate.py'),
    '--seed',
    String(seed),
    '--out',
    out,
  ]);
  return createHash('sha256').update(readFileSync(out)).digest('hex');
}

// What a run that caught a generator's network call reports: disqualified for network_attempt on
// every seed, though each seed's items are valid and the same in both variations.
function expectNetworkAttempt(code: number, report: Report, message: RegExp): void {
  expect(code).toBe(1);
  expect(report.verdict).toBe('disqualified');
  expect([...new Set(report.reasons.map((r) => r.code))]).toEqual(['network_attempt']);
  expect(report.reasons.map((r) => r.seed)).toEqual(report.seeds.map((s) => s.seed));
  expect(report.seeds.length).toBeGreaterThan(0);
  expect(report.reasons[0]?.message).toMatch(message);
  expect(report.executor.network_traced).toBe(true);
  for (const seed of report.seeds) {
    expect(seed).toMatchObject({ status: 'ok', format_ok: true, deterministic: true });
    expect(seed.runs[0]?.network_attempts?.length).toBeGreaterThan(0);
  }
}

describe.skipIf(!engine)('rpe sandbox run and verify in Docker', { timeout: 300_000 }, () => {
  beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

  it('network-fetch-caught is disqualified for network_attempt though its items are valid', async () => {
    // One seed: an attempt on each of two seeds is asserted with the urllib fixture (below).
    const { code, report } = await sandboxRun('network-fetch-caught', '0');
    expectNetworkAttempt(
      code,
      report,
      /^seed 0: tried the network: node .*looked up registry\.npmjs\.org/,
    );
  });

  // A forged verdict of a submission whose network call only the sandbox's trace sees is found by
  // rpe sandbox verify in its default mode, the sandbox.
  it('network-urllib-caught is disqualified for network_attempt, and its receipt rewritten to eligible, its reasons and traces emptied, is different', async () => {
    const { code, report } = await sandboxRun('network-urllib-caught');
    expectNetworkAttempt(
      code,
      report,
      /^seed 0: tried the network: python3 .*looked up pypi\.org \(DNS to 127\.0\.0\.1:53\)/,
    );
    const honest = join(tmp, 'network-urllib-caught');
    const forged = join(tmp, 'network-forged');
    cpSync(honest, forged, { recursive: true });
    const { receipt_sha256: _, ...receipt } = JSON.parse(
      readFileSync(join(honest, 'report.json'), 'utf8'),
    ) as Report;
    expect(receipt.reasons.map((r) => r.code)).toEqual(['network_attempt', 'network_attempt']);
    receipt.verdict = 'eligible';
    receipt.reasons = [];
    for (const seed of receipt.seeds) for (const r of seed.runs) r.network_attempts = [];
    writeFileSync(join(forged, 'report.json'), JSON.stringify(receipt));

    const verified = await rpe(['sandbox', 'verify', forged, '--json']);
    expect(verified.code).toBe(1);
    const result = JSON.parse(verified.stdout) as VerifyResult;
    expect(result.executor.rerun).toMatchObject({ kind: 'docker', network_traced: true });
    expect(result.differences).toEqual([
      'verdict: receipt eligible, re-run disqualified (network_attempt 0, network_attempt 1)',
      'reason network_attempt 0: receipt does not have it, re-run does',
      'reason network_attempt 1: receipt does not have it, re-run does',
    ]);
    // The seeds' bytes are the same: only the verdict was forged.
    expect(result.seeds.map((s) => s.same)).toEqual([true, true]);
    // The honest receipt is the same, network calls and all.
    const same = await rpe(['sandbox', 'verify', honest]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(
      /^seed 1\tsame\treceipt sha256:([0-9a-f]{64})\tre-run sha256:\1\tkept set same$/m,
    );
  });

  it.each(['socketpair-multiprocessing', 'reads-data-relative'])(
    '%s is eligible with every run traced and no attempt',
    async (name) => {
      const { code, report } = await sandboxRun(name, '0');
      expect(report.reasons).toEqual([]);
      expect(code).toBe(0);
      for (const seed of report.seeds)
        for (const run of seed.runs) expect(run.network_attempts).toEqual([]);
    },
  );

  it('a good generator is eligible, isolated, gives the same bytes as on the host, and keeps each seed’s set, which verify re-creates and compares', async () => {
    const before = await hashTree(fixture('good-python'));
    const { code, report } = await sandboxRun('good-python');
    expect(code).toBe(0);
    expect(report).toMatchObject({
      verdict: 'eligible',
      executor: { kind: 'docker', isolated: true },
    });
    expect(report.image.name).toMatch(/^rpe-runner-python:/);
    expect(report.image.id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(report.submission).toMatchObject({ tree_hash: before, unchanged: true });
    const dir = join(tmp, 'good-python');
    for (const seed of report.seeds) {
      expect(seed.output_sha256).toBe(await hostSha256('good-python', seed.seed));
      const kept = readFileSync(join(dir, `seed-${seed.seed}.jsonl`));
      expect(seed.set?.sha256).toBe(createHash('sha256').update(kept).digest('hex'));
      expect(seed.set?.sha256).toBe(seed.output_sha256);
    }
    const verify = await rpe(['sandbox', 'verify', dir, '--json']);
    expect(verify.code).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({
      same: true,
      tree_hash: { same: true },
      seeds: report.seeds.map((s) => ({
        seed: s.seed,
        same: true,
        expected: s.output_sha256,
        actual: s.output_sha256,
        kept: 'same',
      })),
    });
    // An altered kept set (in a copy: the receipt above stays honest) is found, and the first
    // differing line shown.
    const altered = join(tmp, 'good-python-altered');
    cpSync(dir, altered, { recursive: true });
    const seed1 = join(altered, 'seed-1.jsonl');
    writeFileSync(
      seed1,
      readFileSync(seed1, 'utf8').replace(/"gold": "[^"]*"/, '"gold": "zmiana"'),
    );
    const different = await rpe(['sandbox', 'verify', altered]);
    expect(different.code).toBe(1);
    expect(different.stdout).toMatch(
      /^seed 1\tDIFFERENT\treceipt sha256:([0-9a-f]{64})\tre-run sha256:\1\tkept set DIFFERENT at line 1$/m,
    );
  });

  // One fixture and one seed: a diagnosis is some ten more runs, made once per check on the
  // first seed that differs. Each variation reaching a Docker run is asserted in
  // tests/sandbox-docker/executor-good.test.ts, each cause's diagnosis in local-fixtures.test.ts,
  // and the clock's in Docker in tests/sandbox-docker/variations.test.ts.
  it('nondeterministic-env: exit 1 and the diagnosis names the cause', async () => {
    const { code, report } = await sandboxRun('nondeterministic-env', '0');
    expect(code).toBe(1);
    const disqualifying = report.reasons.filter((r) => r.class === 'disqualified');
    expect([...new Set(disqualifying.map((r) => r.code))]).toEqual(['nondeterministic']);
    for (const seed of report.seeds) expect(seed.cause).toMatch(/differs when TZ changes/);
  });

  it('write-outside-output: every write fails in the sandbox, so nothing disqualifies it and the tree is unchanged', async () => {
    const before = await hashTree(fixture('write-outside-output'));
    const { report } = await sandboxRun('write-outside-output', '0');
    // A bare fixture: incomplete (no LICENSE, README...), and nothing of class disqualified.
    expect(report.verdict).toBe('incomplete');
    expect(report.reasons.filter((r) => r.class === 'disqualified')).toEqual([]);
    expect(report.seeds[0]?.runs[0]?.stderr_tail).toMatch(/pwned\.txt: \w+Error/);
    expect(await hashTree(fixture('write-outside-output'))).toBe(before);
  });

  it('no-entrypoint: exit 1 without starting anything', async () => {
    const { code, report } = await sandboxRun('no-entrypoint');
    expect(code).toBe(1);
    expect(report.reasons.filter((r) => r.class === 'disqualified').map((r) => r.code)).toEqual([
      'entrypoint_missing',
    ]);
    expect(report.seeds).toEqual([]);
  });
});
