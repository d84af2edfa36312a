// The sandbox side of the verdicts, against the real engine: the same reasons as rpe check, and
// a batch that records its settings and resumes, verified again from a fresh clone.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportSchema, type Report } from '../../sandbox/index.js';
import {
  DOCKER_SUBMISSIONS,
  engine,
  ensureImages,
  IMAGE_BUILD_TIMEOUT_MS,
} from '../sandbox-docker/docker-engine.js';
import { temporaryFolder } from '../temporary-folder.js';
import { commitAll, testGit } from '../test-git.js';
import { fixture } from './fixture-paths.js';
import { rpe } from './run-rpe.js';

const tmp = temporaryFolder('rpe-docker-verdicts-');

// One seed unless a test is about more: each seed is a container per run in the sandbox.
async function checkWith(
  mode: 'check' | 'docker',
  dir: string,
  { extra = [] as string[], seeds = '0' } = {},
) {
  const command = mode === 'check' ? ['check'] : ['sandbox', 'run'];
  const r = await rpe([...command, dir, '--seeds', seeds, '--timeout', '60', '--json', ...extra]);
  return {
    code: r.code,
    report: reportSchema.parse(JSON.parse(r.stdout)) as Report,
    stderr: r.stderr,
  };
}

function disqualifying(report: Report): string[] {
  return [...new Set(report.reasons.filter((r) => r.class === 'disqualified').map((r) => r.code))];
}

// A report's reasons with the tree's path as each run saw it (a temporary copy, or the
// variation's mount point) written as <tree>: the rest must be the same in both modes.
function reasonsOf(report: Report): string[] {
  return report.reasons.map((r) =>
    [r.code, r.class, r.seed, r.message]
      .join('\t')
      .replace(
        /(?:\/[^/\s']+)*\/rpe-checked-[^/]+\/tree|\/mnt\/submission-b|\/submission\b/g,
        '<tree>',
      ),
  );
}

// Checks `dir` under rpe check and rpe sandbox run: each gives `verdict`, the disqualifying
// `codes` and the exit code that goes with the verdict, and both give the same reasons.
async function sameInBothModes(
  dir: string,
  verdict: Report['verdict'],
  codes: readonly string[],
  options: { extra?: string[]; seeds?: string } = {},
) {
  const local = await checkWith('check', dir, options);
  const docker = await checkWith('docker', dir, options);
  for (const { code, report } of [local, docker]) {
    expect(report.verdict).toBe(verdict);
    expect(disqualifying(report)).toEqual(codes);
    expect(code).toBe(verdict === 'eligible' ? 0 : 1);
  }
  expect(reasonsOf(local.report)).toEqual(reasonsOf(docker.report));
  return { local, docker };
}

const TIMED: Record<string, string[]> = {
  'sleep-forever': ['--timeout', '3'],
  'detached-child': ['--timeout', '15'],
};

describe.skipIf(!engine)('verdicts in the Docker sandbox', { timeout: 600_000 }, () => {
  beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

  it('a write into the tree is tree_write under rpe check and rpe sandbox run alike', async () => {
    const local = await checkWith('check', fixture('writes-into-tree'));
    const docker = await checkWith('docker', fixture('writes-into-tree'));
    expect(disqualifying(local.report)).toEqual(['tree_write']);
    expect(disqualifying(docker.report)).toEqual(['tree_write']);
    const message = (report: Report) =>
      report.reasons.find((r) => r.code === 'tree_write')?.message;
    const pattern =
      /^seed 0: the generator wrote into its own tree \(debug\.log\): exited with code 1: OSError: \[Errno 30\] Read-only file system: '[^']*\/debug\.log' \(generate\.py line 16, in <module>\); the submission tree is read-only/;
    expect(message(docker.report)).toMatch(pattern);
    // Where the local check could make the tree read-only (namespaces), the message is the same
    // but for the tree's path as each run saw it.
    if (message(local.report)?.includes('Read-only file system'))
      expect(message(local.report)).toMatch(pattern);
    expect([local.code, docker.code]).toEqual([1, 1]);
  });

  it.each([
    ['huge-output', fixture('huge-output'), 'disqualified', ['output_limit']],
    ['symlink-output', fixture('symlink-output'), 'disqualified', ['unsafe_output']],
    ['ignores-out-name', fixture('ignores-out-name'), 'disqualified', ['no_output']],
    // Writes items.jsonl into the read-only working directory instead of --out: a crash on the
    // refused write is tree_write (below); a generator that carries on has written nothing.
    [
      'writes-items-in-cwd-caught',
      fixture('writes-items-in-cwd-caught'),
      'disqualified',
      ['no_output'],
    ],
    ['sleep-forever', fixture('sleep-forever'), 'disqualified', ['timeout']],
    ['detached-child', fixture('detached-child'), 'eligible', []],
    // What a TypeScript or Python generator runs with is what its commit installs, in both
    // modes: no toolkit of the machine's, vendored packages installed offline (below too), a lock
    // that needs the network refused with the same words.
    [
      'imports-toolkit-without-lock',
      join(DOCKER_SUBMISSIONS, 'imports-toolkit-without-lock'),
      'disqualified',
      ['runtime_error'],
    ],
    // An install step that fails (a wheel not in vendor/) or is refused (a lock that needs the
    // network) is install_failed, with the same message, and no seed runs in either mode.
    ['npm-registry-lock', join(DOCKER_SUBMISSIONS, 'npm-registry-lock'), 'incomplete', []],
    ['pip-missing-wheel', join(DOCKER_SUBMISSIONS, 'pip-missing-wheel'), 'incomplete', []],
    ['requirements-vendored', fixture('requirements-vendored'), 'eligible', []],
    ['requirements-unpinned', fixture('requirements-unpinned'), 'incomplete', []],
    ['lock-vendored', fixture('lock-vendored'), 'eligible', []],
    ['lock-needs-network', fixture('lock-needs-network'), 'incomplete', []],
  ] as const)(
    '%s: rpe check and rpe sandbox run give the same verdict and reasons',
    async (name, dir, verdict, codes) => {
      // Only the verdicts about time get a short limit: sleep-forever never ends, and
      // detached-child's sleepers (21 s) would outlive one the run waited for. The others get
      // checkWith's generous one, so a loaded machine cannot turn their error into a timeout.
      // Offline: what these trees need beyond vendor/ is refused or fails without a network.
      await sameInBothModes(dir, verdict, codes, {
        extra: [...(TIMED[name] ?? []), '--install-network', 'none'],
      });
    },
  );

  // Under the default install network a tree that vendors its packages is still installed
  // offline. Vendored packages under `--install-network none` are the rows requirements-vendored
  // and lock-vendored above.
  it.each(['npm-vendored', 'pip-vendored'])(
    '%s: its vendored package is installed offline in both modes, the same verdict, reasons and bytes',
    async (name) => {
      const { local, docker } = await sameInBothModes(
        join(DOCKER_SUBMISSIONS, name),
        'disqualified',
        ['invalid_items'],
      );
      expect(local.report.seeds.map((s) => s.output_sha256)).toEqual(
        docker.report.seeds.map((s) => s.output_sha256),
      );
      expect(local.report.seeds[0]?.output_sha256).toMatch(/^[0-9a-f]{64}$/);
      for (const { report } of [local, docker]) {
        expect(report.install?.network).toBe('none');
        expect(report.notes.join('\n')).toMatch(/installed offline/);
        expect(report.submission.unchanged).toBe(true);
      }
    },
  );

  it('writes-items-in-cwd: tree_write for every seed in both modes, the message naming the file and the fix', async () => {
    const { docker } = await sameInBothModes(
      fixture('writes-items-in-cwd'),
      'disqualified',
      ['tree_write'],
      { seeds: '0,1' },
    );
    const reasons = docker.report.reasons.filter((r) => r.class === 'disqualified');
    expect(reasons.map((r) => [r.code, r.seed])).toEqual([
      ['tree_write', 0],
      ['tree_write', 1],
    ]);
    expect(reasons[0]?.message).toBe(
      "seed 0: the generator wrote into its own tree (items.jsonl): exited with code 1: OSError: [Errno 30] Read-only file system: 'items.jsonl' (generate.py line 6, in write_items); the submission tree is read-only (as in the organisers' sandbox): write only to the --out path",
    );
  });

  it('both modes check the commit, not the working copy, and warn of the difference', async () => {
    const repo = join(tmp, 'uncommitted');
    cpSync(fixture('good-python'), repo, { recursive: true });
    commitAll(repo);
    writeFileSync(join(repo, 'generate.py'), 'raise SystemExit("not committed")\n');
    for (const mode of ['check', 'docker'] as const) {
      const { code, report, stderr } = await checkWith(mode, repo);
      expect(code).toBe(0);
      expect(report.verdict).toBe('eligible');
      expect(report.warnings.map((w) => w.code)).toEqual(['uncommitted_changes']);
      expect(stderr).toMatch(/WARNING: 1 uncommitted change\(s\) are NOT checked \(generate\.py\)/);
    }
  });

  it("a Node error's message is its Error: line in the sandbox too", async () => {
    const { report } = await checkWith('docker', fixture('node-error'));
    expect(report.reasons[0]?.message).toBe(
      'seed 0: exited with code 1: Error: no lemma for seed 0 (generate.js:3)',
    );
  });

  // That other limits make a report stale is asserted on the host (cli-batch.test.ts): it is
  // decided before any check, whichever executor runs them.
  it('a batch in the sandbox records its settings, resumes, and verify clones a gone folder again', async () => {
    const repo = join(tmp, 'repo');
    cpSync(fixture('good-python'), repo, { recursive: true });
    const commit = commitAll(repo);
    testGit(repo, 'tag', 'v1');
    const subs = join(tmp, 'subs');
    mkdirSync(subs);
    cpSync(fixture('good-javascript'), join(subs, 'team-js'), { recursive: true });
    const list = join(tmp, 'list.txt');
    writeFileSync(list, `subs/team-js\n${repo}@v1\n`);
    const seeds = join(tmp, 'seeds.txt');
    writeFileSync(seeds, '4 5');
    const out = join(tmp, 'out');
    const args = [
      'sandbox',
      'batch',
      '--submissions',
      list,
      '--seeds-file',
      seeds,
      '--out',
      out,
      '--jobs',
      '2',
    ];

    const first = await rpe(args);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^team-js\teligible\t$/m);
    expect(first.stdout).toMatch(/^repo-v1\teligible\t$/m);
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toContain('- seeds: 4, 5');
    expect(md).toMatch(/- limits: 120 s, 2048 MiB, 1 CPU/);
    expect(md).toMatch(/- images: .*rpe-runner-node:\S+ `sha256:[0-9a-f]{64}`/);
    expect(md).toMatch(/rpe-runner-python:\S+ `sha256:[0-9a-f]{64}`/);
    for (const name of ['team-js', 'repo-v1']) {
      expect(existsSync(join(out, name, 'seed-4.jsonl'))).toBe(true);
      expect(existsSync(join(out, name, 'seed-5.jsonl'))).toBe(true);
    }

    const csv = readFileSync(join(out, 'summary.csv'), 'utf8');
    expect(csv).toMatch(/,4 5,120,2147483648,1,docker\n/);
    const resumed = await rpe(args);
    expect(resumed.stdout).toMatch(/^team-js\teligible \(resumed\)\t$/m);
    expect(resumed.stdout).toMatch(/^repo-v1\teligible \(resumed\)\t$/m);

    rmSync(join(out, '.work'), { recursive: true, force: true });
    const verified = await rpe(['sandbox', 'verify', join(out, 'repo-v1'), '--json']);
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({
      same: true,
      from: 'clone',
      commit,
      tree_hash: { same: true },
      seeds: [
        { seed: 4, same: true, kept: 'same' },
        { seed: 5, same: true, kept: 'same' },
      ],
    });
  });
});
