// rpe sandbox verify against receipts edited by hand, as a forger would: every forgery is
// answered `different` (exit 1) or refused with one line (exit 2), and nothing the receipt names
// outside the tree is read or run. The re-runs are local (--local): no Docker needed here.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/index.js';
import { receiptSha256, type Report } from '../../sandbox/index.js';
import { temporaryFolder } from '../temporary-folder.js';
import { fixture } from './fixture-paths.js';
import { rpe, type RpeRun } from './run-rpe.js';

const tmp = temporaryFolder('rpe-verify-cli-');

// A copy of good-python that ignores its seed: every seed gives the same set (seed_overlap).
function staticList(): string {
  const dir = join(tmp, 'static-list');
  cpSync(fixture('good-python'), dir, { recursive: true });
  const source = readFileSync(join(dir, 'generate.py'), 'utf8');
  writeFileSync(
    join(dir, 'generate.py'),
    source.replace('random.Random(args.seed)', 'random.Random(0)').replace('{args.seed}.', ''),
  );
  return dir;
}

const read = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report & Record<string, unknown>;

// A copy of a receipt folder (its kept sets too) with report.json edited. A forger drops the
// receipt's own hash, which would give the edit away, unless `keepHash` asks to keep it.
function forge(
  from: string,
  name: string,
  edit: (receipt: Report) => void,
  keepHash = false,
): string {
  const dir = join(tmp, name);
  cpSync(from, dir, { recursive: true });
  const receipt = read(dir);
  edit(receipt);
  const { receipt_sha256: recorded, ...rest } = receipt;
  writeFileSync(
    join(dir, 'report.json'),
    JSON.stringify(keepHash ? { ...rest, receipt_sha256: recorded } : rest, null, 2),
  );
  return dir;
}

function oneLine(r: RpeRun, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
}

let good = '';
let overlapping = '';

describe('rpe sandbox verify: a receipt is untrusted input', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    good = join(tmp, 'good-receipt');
    const checked = await rpe([
      'check',
      fixture('good-python'),
      '--seeds',
      '0,1',
      '--report-dir',
      good,
    ]);
    expect(checked.code).toBe(0);
    overlapping = join(tmp, 'overlap-receipt');
    const dq = await rpe(['check', staticList(), '--seeds', '0,1', '--report-dir', overlapping]);
    expect(dq.code).toBe(1);
  }, 600_000);

  it('an honest receipt is the same, the receipt and the re-run side by side', async () => {
    const r = await rpe(['sandbox', 'verify', good, '--local']);
    expect(r.code).toBe(0);
    const receipt = read(good);
    expect(r.stdout).toContain(`receipt sha256\t${receipt.receipt_sha256}\n`);
    expect(readFileSync(join(good, 'report.md'), 'utf8')).toContain(
      `- receipt sha256: \`${receipt.receipt_sha256}\``,
    );
    expect(r.stdout).toMatch(
      /^executor\treceipt local \(not isolated, network not traced; local python\)\tre-run local \(not isolated, network not traced; local python\)$/m,
    );
    const tree = receipt.submission.tree_hash;
    expect(r.stdout).toContain(`tree hash\tsame\treceipt ${tree}\tre-run ${tree}\n`);
    expect(r.stdout).toContain('verdict\tsame\treceipt eligible\tre-run eligible\n');
    const sha = receipt.seeds[0]?.output_sha256 ?? '';
    expect(r.stdout).toContain(
      `seed 0\tsame\treceipt sha256:${sha}\tre-run sha256:${sha}\tkept set same\n`,
    );
    expect(r.stdout).toMatch(
      /^note\tnetwork calls not compared: the re-run \(local\) does not trace them$/m,
    );
    expect(r.stdout.endsWith('\nsame\n')).toBe(true);
  });

  it('a disqualified receipt rewritten to eligible, its reasons and overlap emptied, is different', async () => {
    const receipt = read(overlapping);
    expect(receipt.verdict).toBe('disqualified');
    expect(receipt.reasons.map((r) => r.code)).toEqual(['seed_overlap']);
    const forged = forge(overlapping, 'forged-verdict', (f) => {
      f.verdict = 'eligible';
      f.reasons = [];
      f.overlap = [];
    });
    const r = await rpe(['sandbox', 'verify', forged, '--local']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'difference\tverdict: receipt eligible, re-run disqualified (seed_overlap 0-1 1.000)\n',
    );
    expect(r.stdout).toContain(
      'difference\treason seed_overlap 0-1 1.000: receipt does not have it, re-run does\n',
    );
    expect(r.stdout).toContain('verdict\tDIFFERENT\treceipt eligible\tre-run disqualified\n');
    expect(r.stdout.endsWith('\ndifferent\n')).toBe(true);
    // The honest one verifies: the overlap is repeated, not invented.
    expect((await rpe(['sandbox', 'verify', overlapping, '--local'])).code).toBe(0);
  });

  it('only the reasons emptied (the verdict left) is different too: the verdict must follow from them', async () => {
    const forged = forge(overlapping, 'forged-reasons', (f) => {
      f.reasons = [];
    });
    const r = await rpe(['sandbox', 'verify', forged, '--local', '--json']);
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout) as { same: boolean; differences: string[] };
    expect(result.same).toBe(false);
    expect(result.differences).toContain(
      'verdict: the receipt says disqualified, but its own reasons make it eligible',
    );
    expect(result.differences).toContain(
      'reason seed_overlap 0-1 1.000: receipt does not have it, re-run does',
    );
  });

  it('a receipt whose every output hash is null is different: each seed is re-run and compared', async () => {
    const forged = forge(good, 'forged-null-hashes', (f) => {
      for (const seed of f.seeds) seed.output_sha256 = null;
    });
    const r = await rpe(['sandbox', 'verify', forged, '--local', '--json']);
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout) as {
      differences: string[];
      seeds: { seed: number; same: boolean; expected: string | null; actual: string | null }[];
    };
    expect(result.differences).toEqual([
      'seed 0 hash: the receipt says it ran (ok) but records no hash',
      'seed 1 hash: the receipt says it ran (ok) but records no hash',
    ]);
    for (const seed of result.seeds) {
      expect(seed).toMatchObject({ same: false, expected: null });
      expect(seed.actual).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('a receipt that drops a seed it ran is different: every seed asked for is re-run', async () => {
    const forged = forge(good, 'forged-dropped-seed', (f) => {
      f.seeds = f.seeds.filter((s) => s.seed !== 1);
    });
    const r = await rpe(['sandbox', 'verify', forged, '--local']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^difference\tseed 1 status: receipt not run, re-run ok$/m);
    expect(r.stdout).toMatch(
      /^difference\tseed 1 hash: receipt none, re-run sha256:[0-9a-f]{64}$/m,
    );
  });

  it.each([
    ['..', '../../../../etc/passwd'],
    ['an absolute path', '/etc/passwd'],
    ['a device', '/dev/zero'],
    ['a path into a folder', 'sub/seed-0.jsonl'],
  ])('a kept set named by %s is refused with one line, nothing read', async (_, file) => {
    const forged = forge(good, `forged-set-${file.replace(/\W/g, '_')}`, (f) => {
      const seed = f.seeds[0];
      if (seed?.set) seed.set.file = file;
    });
    const r = await rpe(['sandbox', 'verify', forged, '--local', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).not.toContain('root:');
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'receipt_invalid' } });
    expect(r.stderr).toMatch(/^rpe: .*report\.json is not a report: seeds\.0\.set\.file: /);
  });

  it.each([
    ['a symlink', 'a symlink', (path: string) => symlinkSync('/etc/passwd', path)],
    ['a FIFO', 'a named pipe', (path: string) => execa('mkfifo', [path])],
  ])(
    'a kept set that is %s is refused with one line, not followed or waited on',
    async (name, kind, make) => {
      const forged = forge(good, `forged-kept-${name.replace(/\W/g, '_')}`, () => undefined);
      const path = join(forged, 'seed-0.jsonl');
      rmSync(path);
      await make(path);
      const r = await rpe(['sandbox', 'verify', forged, '--local']);
      oneLine(
        r,
        new RegExp(`seed-0\\.jsonl \\(the kept set of seed 0\\) is ${kind}, not a regular file`),
      );
    },
  );

  it('an entrypoint outside the tree is refused, and the script there is not run', async () => {
    const outside = join(tmp, 'x');
    mkdirSync(outside, { recursive: true });
    const marker = join(tmp, 'evil-ran');
    writeFileSync(join(outside, 'evil.py'), `open(${JSON.stringify(marker)}, "w").write("ran")\n`);
    const forged = forge(good, 'forged-entrypoint', (f) => {
      if (f.entrypoint) f.entrypoint.file = '../../x/evil.py';
    });
    const r = await rpe(['sandbox', 'verify', forged, '--local']);
    oneLine(
      r,
      /report\.json is not a report: entrypoint\.file: must be a relative, normalised path inside its folder/,
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('an entrypoint inside the tree is not run either: the re-run finds its own', async () => {
    const forged = forge(good, 'forged-entrypoint-inside', (f) => {
      f.entrypoint = { file: 'data/words.txt', kind: 'python' };
    });
    const r = await rpe(['sandbox', 'verify', forged, '--local']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'difference\tentrypoint: receipt data/words.txt (python), re-run generate.py (python)\n',
    );
    expect(r.stdout).toMatch(/^seed 0\tsame\t/m);
  });

  it('limits out of the CLI’s ranges are refused with one line, no timer warning', async () => {
    for (const [field, value] of [
      ['timeout_seconds', 1e12],
      ['memory_bytes', -1],
      ['output_bytes', 1024 ** 4],
    ] as const) {
      const forged = forge(good, `forged-limit-${field}`, (f) => {
        (f.limits as Record<string, number>)[field] = value;
      });
      const r = await rpe(['sandbox', 'verify', forged, '--local']);
      oneLine(r, new RegExp(`report\\.json is not a report: limits\\.${field}: `));
      expect(r.stderr).not.toContain('TimeoutOverflowWarning');
    }
  });

  it('a receipt that asks for local execution is still re-run in the sandbox unless --local', async () => {
    expect(read(good).executor.kind).toBe('local');
    const result = await execa(
      process.execPath,
      [packagePath('bin', 'rpe.js'), 'sandbox', 'verify', good],
      {
        reject: false,
        env: { DOCKER_HOST: `unix://${join(tmp, 'no-engine.sock')}`, RPE_ENGINES: '' },
      },
    );
    // No engine answers here: the re-run fails to start rather than running the receipt's way.
    expect(result.exitCode).toBe(2);
    expect(String(result.stderr)).toMatch(/no-engine\.sock/);
    expect(String(result.stdout)).toBe('');
  });

  it('a receipt can be pinned: --expect-sha256 takes the published one and refuses any other', async () => {
    const published = read(good).receipt_sha256 as string;
    expect(receiptSha256(read(good))).toBe(published);
    const pinned = await rpe([
      'sandbox',
      'verify',
      good,
      '--local',
      '--expect-sha256',
      `sha256:${published}`,
    ]);
    expect(pinned.code).toBe(0);
    expect(pinned.stdout).toContain(`receipt sha256\t${published}\t(the expected one)\n`);
    // The verdict edited, the recorded hash left: not the published receipt.
    const edited = forge(
      good,
      'forged-pinned',
      (f) => {
        f.verdict = 'incomplete';
      },
      true,
    );
    const refused = await rpe([
      'sandbox',
      'verify',
      edited,
      '--local',
      '--expect-sha256',
      published,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      new RegExp(
        `^rpe: .*report\\.json has sha256 [0-9a-f]{64}, not the expected ${published}: it is not the published receipt\\n$`,
      ),
    );
    // Without the pin, the edit shows as a receipt changed after it was written.
    const unpinned = await rpe(['sandbox', 'verify', edited, '--local']);
    expect(unpinned.code).toBe(1);
    expect(unpinned.stdout).toMatch(
      new RegExp(
        `^difference\\treceipt sha256: recorded ${published}, computed [0-9a-f]{64} \\(the receipt was changed after it was written\\)$`,
        'm',
      ),
    );
  });
});
