// rpe sandbox verify in its default mode, the sandbox: a forged verdict of a submission whose
// network call only the sandbox's trace sees is found, and a receipt made by a local check is
// re-run in the sandbox all the same (the auditor chooses the isolation, not the receipt).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report, VerifyResult } from '../../sandbox/index.js';
import { engine, ensureImages, IMAGE_BUILD_TIMEOUT_MS } from '../sandbox-docker/docker-engine.js';
import { temporaryFolder } from '../temporary-folder.js';
import { fixture } from './fixture-paths.js';
import { rpe } from './run-rpe.js';

const tmp = temporaryFolder('rpe-docker-verify-');

describe.skipIf(!engine)('rpe sandbox verify in Docker', { timeout: 600_000 }, () => {
  beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

  it('a network_attempt receipt rewritten to eligible, its reasons and traces emptied, is different', async () => {
    const honest = join(tmp, 'network');
    const run = await rpe([
      'sandbox',
      'run',
      fixture('network-urllib-caught'),
      '--seeds',
      '0,1',
      '--timeout',
      '60',
      '--memory',
      '512m',
      '--report-dir',
      honest,
    ]);
    expect(run.code).toBe(1);
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
    expect((await rpe(['sandbox', 'verify', honest])).code).toBe(0);
  });

  it('a receipt of a local check is re-run in the sandbox unless --local is given', async () => {
    const receipt = join(tmp, 'local');
    const checked = await rpe([
      'check',
      fixture('good-python'),
      '--seeds',
      '0,1',
      '--report-dir',
      receipt,
    ]);
    expect(checked.code).toBe(0);
    const verified = await rpe(['sandbox', 'verify', receipt]);
    expect(verified.stdout).toMatch(
      /^executor\treceipt local \(not isolated, network not traced; local python\)\tre-run docker \(isolated, network traced; rpe-runner-python:\S+\)$/m,
    );
    expect(verified.stdout).not.toMatch(/^note\tnetwork calls not compared/m);
    expect(verified.code).toBe(0);
  });
});
