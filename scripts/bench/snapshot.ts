// `npm run bench -- snapshot`: data/morphology.sqlite built again from its sources
// (scripts/build-morphology), as tests/lexicon/rebuild.test.ts does: wall time, the CPU of the
// build and every process it starts (apt-get, Java's decompilation), its peak memory, and whether
// the bytes are the vendored snapshot's. Needs what the build needs (Java, `apt-get download`);
// without them it says so and prints no figures.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packagePath } from '../../framework/package-root.js';
import { missingTools } from '../build-morphology/fetch-morfologik.js';
import { report } from './measure.js';

const TIME = '/usr/bin/time';

export async function run(): Promise<void> {
  const missing = missingTools();
  if (!existsSync(TIME)) missing.push(TIME);
  if (missing.length > 0) {
    process.stdout.write(`skipped: rebuilding the snapshot needs ${missing.join(', ')}\n`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'rpe-bench-snapshot-'));
  try {
    const out = join(dir, 'morphology.sqlite');
    const figures = join(dir, 'time');
    const script = packagePath('scripts', 'build-morphology', 'index.ts');
    // time(1) counts the build and every process it waited for: user and system CPU, peak RSS.
    const result = spawnSync(
      TIME,
      [
        '-f',
        '%e %U %S %M',
        '-o',
        figures,
        process.execPath,
        '--import',
        'tsx',
        script,
        '--out',
        out,
      ],
      { cwd: packagePath(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (result.status !== 0) {
      process.stdout.write(`the build failed: ${result.stderr.trim().split('\n').pop() ?? ''}\n`);
      return;
    }
    const last = readFileSync(figures, 'utf8').trim().split('\n').pop() ?? '';
    const [wall = NaN, user = NaN, system = NaN, peakKb = NaN] = last.split(' ').map(Number);
    const same = readFileSync(out).equals(readFileSync(packagePath('data', 'morphology.sqlite')));
    report('rebuild: wall', wall, 's');
    report('rebuild: CPU (the build and its processes)', user + system, 's');
    report('rebuild: peak memory of its largest process', peakKb / 1024, 'MB');
    process.stdout.write(
      `rebuild: ${same ? 'the same bytes as' : 'DIFFERENT bytes from'} data/morphology.sqlite\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
