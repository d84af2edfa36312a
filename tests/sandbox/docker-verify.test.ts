// rpe sandbox verify in its default mode, the sandbox: a receipt made by a local check is re-run
// in the sandbox all the same (the auditor chooses the isolation, not the receipt). A forged
// receipt of a run in the sandbox is found different in docker-run.test.ts.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { engine, ensureImages, IMAGE_BUILD_TIMEOUT_MS } from '../sandbox-docker/docker-engine.js';
import { temporaryFolder } from '../temporary-folder.js';
import { fixture } from './fixture-paths.js';
import { rpe } from './run-rpe.js';

const tmp = temporaryFolder('rpe-docker-verify-');

describe.skipIf(!engine)('rpe sandbox verify in Docker', { timeout: 600_000 }, () => {
  beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

  it('a receipt of a local check is re-run in the sandbox unless --local is given', async () => {
    const receipt = join(tmp, 'local');
    const checked = await rpe([
      'check',
      fixture('good-python'),
      '--seeds',
      '0',
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
