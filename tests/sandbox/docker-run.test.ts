import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashTree, reportSchema, type Report } from '../../sandbox/index.js';
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

describe.skipIf(!engine)('rpe sandbox run and verify in Docker', { timeout: 300_000 }, () => {
  beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

  it.each([
    [
      'network-urllib-caught',
      /^seed 0: tried the network: python3 .*looked up pypi\.org \(DNS to 127\.0\.0\.1:53\)/,
    ],
    ['network-fetch-caught', /^seed 0: tried the network: node .*looked up registry\.npmjs\.org/],
  ])('%s is disqualified for network_attempt though its items are valid', async (name, message) => {
    const { code, report } = await sandboxRun(name);
    expect(code).toBe(1);
    expect(report.verdict).toBe('disqualified');
    expect([...new Set(report.reasons.map((r) => r.code))]).toEqual(['network_attempt']);
    expect(report.reasons.map((r) => r.seed)).toEqual([0, 1]);
    expect(report.reasons[0]?.message).toMatch(message);
    expect(report.executor.network_traced).toBe(true);
    for (const seed of report.seeds) {
      expect(seed).toMatchObject({ status: 'ok', format_ok: true, deterministic: true });
      expect(seed.runs[0]?.network_attempts?.length).toBeGreaterThan(0);
    }
  });

  it.each(['socketpair-multiprocessing', 'reads-data-relative'])(
    '%s is eligible with every run traced and no attempt',
    async (name) => {
      const { code, report } = await sandboxRun(name);
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

  it.each([
    ['nondeterministic-set-order', /differs when PYTHONHASHSEED changes/],
    ['nondeterministic-env', /differs when TZ changes/],
  ] as const)('%s: exit 1 and the diagnosis names the cause', async (name, cause) => {
    const { code, report } = await sandboxRun(name);
    expect(code).toBe(1);
    const disqualifying = report.reasons.filter((r) => r.class === 'disqualified');
    expect([...new Set(disqualifying.map((r) => r.code))]).toEqual(['nondeterministic']);
    for (const seed of report.seeds) expect(seed.cause).toMatch(cause);
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
