import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/index.js';
import { reportSchema } from '../../sandbox/index.js';
import { temporaryFolder } from '../temporary-folder.js';
import { commitAll } from '../test-git.js';
import { fixture } from './fixture-paths.js';
import { rpe } from './run-rpe.js';

const tmp = temporaryFolder('rpe-check-cli-');

// Seeds no other test uses and no other test run on this machine uses at the same time.
const SEED = 100_000 + 2 * (process.pid % 400_000);

describe('rpe check and rpe sandbox verify', { timeout: 300_000 }, () => {
  it('check: exit 0, one JSON report on stdout, the same report.json and a report.md', async () => {
    const reportDir = join(tmp, 'good');
    const r = await rpe([
      'check',
      fixture('good-python'),
      '--seeds',
      '0,1',
      '--report-dir',
      reportDir,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const printed = reportSchema.parse(JSON.parse(r.stdout));
    const written = reportSchema.parse(
      JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')),
    );
    expect(written).toEqual(printed);
    expect(printed).toMatchObject({
      verdict: 'eligible',
      reasons: [],
      requested_seeds: [0, 1],
      executor: { kind: 'local', isolated: false },
      entrypoint: { file: 'generate.py', kind: 'python' },
      data_hash: { ok: true },
      limits: { timeout_seconds: 120, memory_bytes: 2 * 1024 ** 3 },
      submission: { path: fixture('good-python'), unchanged: true },
    });
    expect(printed.submission.tree_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(r.stderr).toBe(
      'rpe check: the generator runs as a local process, NOT isolated from the network; network calls are only detected by `rpe sandbox run`\n',
    );
    const md = readFileSync(join(reportDir, 'report.md'), 'utf8');
    expect(md).toMatch(/^# Track 2 check: ELIGIBLE/);
    expect(md).toContain('| 0 | ok | 60 | ok | yes |');
    expect(md).toContain(printed.submission.tree_hash);
    // Every seed's set is kept beside the report, and the receipt names it with its hash.
    for (const seed of printed.seeds) {
      expect(seed.set).toEqual({ file: `seed-${seed.seed}.jsonl`, sha256: seed.output_sha256 });
      const kept = readFileSync(join(reportDir, `seed-${seed.seed}.jsonl`));
      expect(createHash('sha256').update(kept).digest('hex')).toBe(seed.output_sha256);
    }
  });

  it('check: in a git repository, checks the commit, leaves ignored node_modules/ out and warns of uncommitted changes', async () => {
    const repo = join(tmp, 'repo');
    cpSync(fixture('good-python'), repo, { recursive: true });
    writeFileSync(join(repo, '.gitignore'), 'node_modules/\n');
    const commit = commitAll(repo);
    mkdirSync(join(repo, 'node_modules', 'pkg'), { recursive: true });
    writeFileSync(join(repo, 'node_modules', 'pkg', 'index.js'), 'x');
    // A working copy that would break the check if it were run: the commit is what counts.
    writeFileSync(join(repo, 'generate.py'), 'raise SystemExit("uncommitted edit")\n');
    writeFileSync(join(repo, 'notes.txt'), 'not committed\n');
    const r = await rpe(['check', repo, '--seeds', '0,1', '--json']);
    expect(r.code).toBe(0);
    const report = reportSchema.parse(JSON.parse(r.stdout));
    expect(report.verdict).toBe('eligible');
    expect(report.submission).toMatchObject({
      selection: 'git',
      commit,
      ref: 'HEAD',
      uncommitted: ['generate.py', 'notes.txt'],
    });
    expect(report.warnings.map((w) => w.code)).toEqual(['uncommitted_changes']);
    expect(r.stderr).toMatch(
      new RegExp(
        `rpe: WARNING: 2 uncommitted change\\(s\\) are NOT checked \\(generate\\.py, notes\\.txt\\); checking commit ${commit.slice(0, 12)} \\(HEAD\\)`,
      ),
    );
    const text = await rpe(['check', repo, '--seeds', '0,1']);
    expect(text.stdout).toContain(`checked\tcommit ${commit}\n`);
    // --ref needs a repository; outside one it is a usage error.
    const outside = await rpe(['check', fixture('good-python'), '--ref', 'HEAD']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(
      /^rpe: --ref needs a git repository: .* is not the top folder of one\n$/,
    );
  });

  it('check: warns of a gold that is no form the snapshot knows, among answers that are', async () => {
    const repo = join(tmp, 'gold-typo');
    cpSync(fixture('good-python'), repo, { recursive: true });
    // Golds from the morphology snapshot, as ctx.answer gives them, and one template artefact.
    const golds = ['kota', 'psa', 'domu', 'lasu', 'rzeki', 'miasta', 'okna', 'stołu', 'wody'];
    writeFileSync(
      join(repo, 'generate.py'),
      [
        'import argparse, json',
        'p = argparse.ArgumentParser(); p.add_argument("--seed", type=int); p.add_argument("--out")',
        'a = p.parse_args()',
        `golds = ${JSON.stringify(golds)}`,
        'with open(a.out, "w", encoding="utf-8") as f:',
        '    for i in range(60):',
        '        gold = "kotóww" if i == 7 else golds[i % len(golds)]',
        '        f.write(json.dumps({"input": f"Próbka {a.seed}.{i}", "gold": gold}, ensure_ascii=False) + "\\n")',
        '',
      ].join('\n'),
    );
    commitAll(repo);
    const r = await rpe(['check', repo, '--seeds', '0,1', '--json']);
    const report = reportSchema.parse(JSON.parse(r.stdout));
    const warned = report.warnings.filter((w) => w.code === 'gold_unknown_form');
    expect(warned.map((w) => [w.seed, w.line])).toEqual([
      [0, 8],
      [1, 8],
    ]);
    expect(warned[0]?.message).toMatch(
      /^gold "kotóww" is not a form the morphology snapshot knows/,
    );
    const text = await rpe(['check', repo, '--seeds', '0,1']);
    expect(text.stdout).toMatch(/warning\tgold_unknown_form .*seed 0 line 8: gold "kotóww"/);
  });

  it('check: exit 1 with the reason in text mode', async () => {
    const r = await rpe(['check', fixture('static-list'), '--seeds', '3,4', '--timeout', '60']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^verdict\tdisqualified\n/);
    expect(r.stdout).toContain(
      'reason\tseed_overlap (disqualified)\tseeds 3 and 4 overlap: Jaccard 1.000 > 0.5',
    );
  });

  it('check: exit 2 and one line for a missing folder or bad options', async () => {
    for (const args of [
      ['check', join(tmp, 'nowhere')],
      ['check', fixture('good-python'), '--seeds', 'x'],
      ['check', fixture('good-python'), '--memory', 'lots'],
      ['check', fixture('good-python'), '--jobs', '0'],
    ]) {
      const r = await rpe(args);
      expect(r.code).toBe(2);
      const errors = r.stderr.split('\n').filter((l) => l.startsWith('rpe: '));
      expect(errors).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('verify: exit 0 when the outputs are the same, 1 when the receipt or the tree differs', async () => {
    const sub = join(tmp, 'sub');
    cpSync(fixture('good-javascript'), sub, { recursive: true });
    const reportDir = join(tmp, 'receipt');
    expect((await rpe(['check', sub, '--seeds', '5,6', '--report-dir', reportDir])).code).toBe(0);
    const same = await rpe(['sandbox', 'verify', reportDir, '--local']);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/^tree hash\tsame\t/m);
    expect(same.stdout).toMatch(
      /seed 5\tsame\treceipt sha256:([0-9a-f]{64})\tre-run sha256:\1\tkept set same\n/,
    );
    expect(same.stdout.endsWith('same\n')).toBe(true);

    const receipt = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as {
      seeds: { output_sha256: string }[];
    };
    const forged = receipt.seeds[1];
    if (forged) forged.output_sha256 = '0'.repeat(64);
    const forgedFile = join(tmp, 'forged.json');
    writeFileSync(forgedFile, JSON.stringify(receipt));
    const differs = await rpe(['sandbox', 'verify', forgedFile, '--json', '--local']);
    expect(differs.code).toBe(1);
    const result = JSON.parse(differs.stdout) as {
      same: boolean;
      seeds: { seed: number; same: boolean }[];
    };
    expect(result.same).toBe(false);
    expect(result.seeds.map((s) => [s.seed, s.same])).toEqual([
      [5, true],
      [6, false],
    ]);

    writeFileSync(
      join(sub, 'generate.js'),
      readFileSync(join(sub, 'generate.js'), 'utf8').replace('Próbka', 'Zmiana'),
    );
    const edited = await rpe(['sandbox', 'verify', reportDir, '--local']);
    expect(edited.code).toBe(1);
    expect(edited.stdout).toMatch(/^tree hash\tDIFFERENT\t/m);
    expect(edited.stdout).toMatch(/seed 5\tDIFFERENT/);
  });

  it('verify: a receipt whose seeds never ran (a failed install step) is the same when the re-run runs none either', async () => {
    const reportDir = join(tmp, 'receipt-install');
    const checked = await rpe([
      'check',
      fixture('requirements-unpinned'),
      '--seeds',
      '3,4',
      '--report-dir',
      reportDir,
    ]);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/^reason\tinstall_failed \(incomplete\)\t/m);
    expect(readFileSync(join(reportDir, 'report.md'), 'utf8')).toContain(
      '## Seeds\n\nNo seed ran (asked for: 3, 4).\n',
    );
    const verified = await rpe(['sandbox', 'verify', reportDir, '--local']);
    expect(verified.stdout).toMatch(/^not re-run\t3, 4 \(the re-run ran no seed\)$/m);
    expect(verified.stdout).toMatch(
      /^reasons\tsame\treceipt requirements_unpinned, install_failed\tre-run requirements_unpinned, install_failed$/m,
    );
    expect(verified.code).toBe(0);
  });

  it('check: Ctrl-C kills the running generators and leaves nothing behind', async () => {
    // Its own TMPDIR, to see that the checked tree and the install step's folder go too.
    const temp = join(tmp, 'interrupted-tmp');
    mkdirSync(temp);
    const child = execa(
      process.execPath,
      [
        packagePath('bin', 'rpe.js'),
        'check',
        fixture('sleep-forever'),
        '--seeds',
        `${SEED},${SEED + 1}`,
        '--timeout',
        '90',
      ],
      { reject: false, env: { TMPDIR: temp } },
    );
    // The generator runs from a temporary copy of the tree: its seeds tell it apart, from the
    // other tests and from another test run on this machine (they depend on this process's pid).
    const seeds = new RegExp(`generate\\.py --seed (${SEED}|${SEED + 1})\\b`);
    const running = async (): Promise<boolean> =>
      seeds.test((await execa('ps', ['-eo', 'args'])).stdout.toString());
    for (let i = 0; i < 1500 && !(await running()); i++) await sleep(200);
    expect(await running()).toBe(true);
    child.kill('SIGINT');
    const result = await child;
    // Ended by the signal once its cleanup was done, and no error reported for the runs the
    // cleanup cut off.
    expect(result.signal).toBe('SIGINT');
    expect(result.stderr).not.toMatch(/^rpe: /m);
    await sleep(500);
    expect(await running()).toBe(false);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('verify: exit 2 for a file that is not a report', async () => {
    const bogus = join(tmp, 'bogus.json');
    writeFileSync(bogus, '{"verdict": "eligible"}');
    const r = await rpe(['sandbox', 'verify', bogus]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rpe: .*bogus\.json is not a report: /);
  });
});
