// Rebuilds the real snapshot from Debian's Morfologik and compares it byte for byte with the
// vendored data/morphology.sqlite. Needs Java and `apt-get download`; outside CI, a machine
// without them skips this test with a warning. In CI it must run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { missingTools } from '../../scripts/build-morphology/fetch-morfologik.js';

const missing = missingTools();

describe('the vendored snapshot', () => {
  it('is what the build script makes from its sources', (context) => {
    if (missing.length > 0 && !process.env.CI) {
      console.warn(`SKIPPED: rebuilding data/morphology.sqlite needs ${missing.join(', ')}`);
      context.skip();
    }
    const dir = mkdtempSync(join(tmpdir(), 'rpe-rebuild-'));
    try {
      const out = join(dir, 'morphology.sqlite');
      const script = packagePath('scripts', 'build-morphology', 'index.ts');
      const run = spawnSync(process.execPath, ['--import', 'tsx', script, '--out', out], {
        cwd: packagePath(),
        encoding: 'utf8',
      });
      if (run.status !== 0 && /apt-get download/.test(run.stderr) && !process.env.CI) {
        console.warn(`SKIPPED: apt-get download is unavailable here: ${run.stderr.trim()}`);
        context.skip();
      }
      expect(run.status, run.stderr).toBe(0);
      const same = readFileSync(out).equals(readFileSync(packagePath('data', 'morphology.sqlite')));
      expect(same, 'rebuilt snapshot differs from data/morphology.sqlite').toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
