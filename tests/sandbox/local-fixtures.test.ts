import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import {
  checkSubmission,
  createLocalExecutor,
  hashTree,
  OFFLINE_INSTALL,
  reasonClass,
  REASON_CODES,
  resolveLimits,
  type InstallSource,
  type Limits,
  type Report,
} from '../../sandbox/index.js';
import { packagePath } from '../../framework/index.js';
import { READ_ONLY_HINT } from '../../sandbox/run/classify-run.js';
import { probeLocalIsolation } from '../../sandbox/run/local-isolation.js';
import { fixture } from './fixture-paths.js';
import { REASON_FIXTURES } from './reason-fixtures.js';

const SEEDS = [0, 1];

const namespaces = (await probeLocalIsolation()).kind === 'namespaces';

interface CheckArgs {
  dir: string;
  limits: Partial<Limits>;
  isolation: 'auto' | 'none';
  seeds: number[];
  install: InstallSource | null;
}

// A check's arguments with their defaults: the fixture `name`'s folder, seeds 0 and 1.
function checkArgs(
  name: string,
  limits: Partial<Limits> = {},
  isolation: 'auto' | 'none' = 'auto',
  seeds: number[] = SEEDS,
  dir = fixture(name),
  install?: InstallSource,
): CheckArgs {
  return { dir, limits, isolation, seeds, install: install ?? null };
}

// What a check found, and the fixture's tree hash before it ran.
interface Checked {
  report: Report;
  before: string;
}

async function checkNow(args: CheckArgs): Promise<Checked> {
  const { dir, limits, isolation, seeds, install } = args;
  // A generous time limit: a loaded machine must not turn another outcome into a timeout.
  const resolved = resolveLimits({ timeoutSeconds: 120, memoryBytes: 512 * 1024 ** 2, ...limits });
  const before = await hashTree(dir);
  const report = await checkSubmission({
    dir,
    seeds,
    limits: resolved,
    jobs: 2,
    ...(install ? { install } : {}),
    createExecutor: (entrypoint, submissionDir, tree) =>
      createLocalExecutor({
        submissionDir,
        entrypoint,
        limits: resolved,
        isolation,
        install: tree?.temporary === true,
        ...(install ? { installSource: install } : {}),
      }),
  });
  return { report, before };
}

// A check made now: for the tests that look at what its run left behind (its processes).
function runCheck(...args: Parameters<typeof checkArgs>): Promise<Checked> {
  return checkNow(checkArgs(...args));
}

// The checks made so far, by their arguments: a reason's fixture row and the fixture's own tests
// read the same check, so it is made once. Every caller gets its own copy of the report.
const checks = new Map<string, Promise<Checked>>();

async function check(...args: Parameters<typeof checkArgs>): Promise<Checked> {
  const resolved = checkArgs(...args);
  const key = JSON.stringify(resolved);
  let made = checks.get(key);
  if (!made) {
    made = checkNow(resolved);
    checks.set(key, made);
  }
  const { report, before } = await made;
  return { report: structuredClone(report), before };
}

// Processes still running whose command line holds `text`.
// The processes whose command line holds `text` and whose environment holds `mark`.
async function processesWith(text: string, mark: string): Promise<string[]> {
  const ps = await execa('ps', ['-eo', 'pid,args'], { reject: false });
  return ps.stdout
    .toString()
    .split('\n')
    .filter((l) => l.includes(text) && !l.includes('ps -eo'))
    .filter((l) => {
      try {
        return readFileSync(`/proc/${l.trim().split(' ')[0]}/environ`, 'latin1').includes(mark);
      } catch {
        return false;
      }
    });
}

// The codes of a report's disqualifying reasons: the fixtures of failures are bare generators,
// so they are also incomplete (no LICENSE...), which the disqualification outranks.
function codes(report: Report): string[] {
  return [...new Set(report.reasons.filter((r) => r.class === 'disqualified').map((r) => r.code))];
}

// The fixture's folder is never touched (runs use a copy); the copy changes only by a tree write.
// Runs use a copy of the fixture (read-only where namespaces allow): its own folder never changes.
async function expectUnchanged(name: string, report: Report, before: string): Promise<void> {
  expect(report.submission.tree_hash).toBe(before);
  expect(await hashTree(fixture(name))).toBe(before);
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

describe('local checks of the fixture submissions', { timeout: 600_000 }, () => {
  it.each(['good-python', 'good-typescript', 'good-javascript'])('%s is eligible', async (name) => {
    const { report, before } = await check(name);
    expect(report.reasons).toEqual([]);
    expect(report.verdict).toBe('eligible');
    for (const seed of report.seeds) {
      expect(seed).toMatchObject({
        status: 'ok',
        n_items: 60,
        format_ok: true,
        deterministic: true,
      });
      expect(seed.output_sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(seed.runs.map((r) => r.variation)).toEqual(['a', 'b']);
    }
    expect(report.overlap).toEqual([{ a: 0, b: 1, jaccard: 0 }]);
    // The task documents only `python generate.py`: another entrypoint is said, not held against.
    expect(report.warnings.map((w) => w.code)).toEqual(
      name === 'good-python' ? [] : ['entrypoint_not_python'],
    );
    await expectUnchanged(name, report, before);
  });

  it('has a fixture for every reason code of the table', () => {
    expect(Object.keys(REASON_FIXTURES).sort()).toEqual([...REASON_CODES].sort());
  });

  it.each(
    REASON_CODES.filter((code) => !REASON_FIXTURES[code].sandboxOnly).map(
      (code) => [code, REASON_FIXTURES[code]] as const,
    ),
  )('%s is reached by its fixture, with nothing else of its class', async (code, row) => {
    const offline = row.offline ? OFFLINE_INSTALL : undefined;
    const { report, before } = await check(
      row.fixture,
      row.limits,
      'auto',
      SEEDS,
      fixture(row.fixture),
      offline,
    );
    const cls = reasonClass(code);
    expect(report.verdict).toBe(cls);
    const ofClass = new Set(report.reasons.filter((r) => r.class === cls).map((r) => r.code));
    expect([...ofClass].sort()).toEqual([code, ...(row.also ?? [])].sort());
    await expectUnchanged(row.fixture, report, before);
  });

  it.each([
    ['write-outside-output', 'runtime_error'],
    ['node-error', 'runtime_error'],
  ] as const)('%s earns %s and nothing else', async (name, code) => {
    const { report, before } = await check(name);
    expect(report.verdict).toBe('disqualified');
    expect(codes(report)).toEqual([code]);
    await expectUnchanged(name, report, before);
  });

  it.each(['requirements-vendored', 'lock-vendored'])(
    '%s is eligible: the install step runs locally as in the sandbox, offline from vendor/',
    async (name) => {
      const { report, before } = await check(name);
      expect(report.reasons).toEqual([]);
      expect(report.notes.join('\n')).toMatch(
        /(requirements\.txt installed offline from vendor\/ with pip|package-lock\.json installed offline from the repository with npm ci) /,
      );
      for (const seed of report.seeds) expect(seed).toMatchObject({ status: 'ok', n_items: 60 });
      await expectUnchanged(name, report, before);
    },
  );

  it('a failed install step is install_failed, and no seed runs; with a network an unpinned requirement is refused, not fetched', async () => {
    const fetching = await check('requirements-unpinned');
    expect(fetching.report.seeds).toEqual([]);
    expect(fetching.report.reasons.at(-1)?.message).toBe(
      'install step refused: requirements.txt line 1: pyyaml is not pinned with == and not in vendor/; with a network the install step fetches only pinned requirements; no seed was run',
    );
    const dir = fixture('requirements-unpinned');
    const { report } = await check(
      'requirements-unpinned',
      {},
      'auto',
      SEEDS,
      dir,
      OFFLINE_INSTALL,
    );
    expect(report.seeds).toEqual([]);
    expect(report.reasons.at(-1)).toMatchObject({
      code: 'install_failed',
      class: 'incomplete',
      message: expect.stringMatching(
        /^install step failed \(exit 1\): pip install --no-index --find-links vendor -r requirements.txt: ERROR: .*pyyaml.*; no seed was run$/,
      ),
    });
  });

  it.each(['reads-data-relative', 'socketpair-multiprocessing', 'network-urllib-caught'])(
    '%s is eligible, and the report says the network was not checked',
    async (name) => {
      const { report, before } = await check(name);
      expect(report.reasons).toEqual([]);
      expect(report.executor.network_traced).toBe(false);
      expect(report.seeds[0]?.runs[0]?.network_attempts).toBeNull();
      expect(report.notes.join('\n')).toMatch(
        /network calls are only detected by `rpe sandbox run`/,
      );
      await expectUnchanged(name, report, before);
    },
  );

  it.each(['npm-vendored', 'pip-vendored'])(
    '%s: the vendored package is installed offline before the runs, outside the checked tree',
    async (name) => {
      const dir = packagePath('tests', 'fixtures', 'submissions-docker', name);
      const { report, before } = await check(name, {}, 'auto', SEEDS, dir);
      // One item per seed: the generator ran with its dependency, and the set is too short.
      expect(codes(report)).toEqual(['invalid_items']);
      expect(report.seeds.map((s) => s.status)).toEqual(['ok', 'ok']);
      expect(report.notes.join('\n')).toMatch(
        name === 'npm-vendored'
          ? /package-lock\.json installed offline from the repository with npm ci/
          : /requirements\.txt installed offline from vendor\/ with pip/,
      );
      expect(report.submission.unchanged).toBe(true);
      expect(report.reasons.map((r) => r.code)).not.toContain('tree_write');
      expect(await hashTree(dir)).toBe(before);
    },
  );

  it('gives a TypeScript generator no toolkit of this machine: without a lock its import fails', async () => {
    const dir = packagePath(
      'tests',
      'fixtures',
      'submissions-docker',
      'imports-toolkit-without-lock',
    );
    const { report } = await check('imports-toolkit-without-lock', {}, 'auto', SEEDS, dir);
    expect(codes(report)).toEqual(['runtime_error']);
    expect(report.reasons[0]?.message).toMatch(/Cannot find package 'reverse-poleval'/);
    expect(report.generator_toolkit).toBeNull();
  });

  it('under --install-network none, refuses a lock that needs the network with the sandbox words: install_failed, no seed runs', async () => {
    const dir = packagePath('tests', 'fixtures', 'submissions-docker', 'npm-registry-lock');
    const { report } = await check('npm-registry-lock', {}, 'auto', SEEDS, dir, OFFLINE_INSTALL);
    expect(report.verdict).toBe('incomplete');
    expect(report.seeds).toEqual([]);
    // The fixture has no README or LICENSE (required_file_missing): what it tests is the lock.
    expect(report.reasons.map((r) => r.code).filter((c) => c !== 'required_file_missing')).toEqual([
      'lock_needs_network',
      'install_failed',
    ]);
    expect(report.reasons.at(-1)?.message).toBe(
      'install step refused: package-lock.json needs the network: is-plain-obj@4.1.0 comes from a registry, not from the repository; vendor it (npm pack into vendor/, depend on file:vendor/<tarball>) and commit the lock again; no seed was run',
    );
  });

  it('gives --out a different absolute path in each run of a seed', async () => {
    const { report } = await check('ignores-out-name');
    expect(codes(report)).toEqual(['no_output']);
    expect(report.seeds[0]?.runs.map((r) => r.status)).toEqual(['ok', 'no_output']);
  });

  it.each(['writes-into-tree', 'writes-items-in-cwd'])(
    '%s is a tree_write naming the read-only tree, and the folder is unchanged',
    async (name) => {
      const { report, before } = await check(name);
      expect(codes(report)).toEqual(['tree_write']);
      expect(report.reasons[0]?.message).toContain(READ_ONLY_HINT);
      if (namespaces) expect(report.reasons[0]?.message).toMatch(/Read-only file system/);
      await expectUnchanged(name, report, before);
    },
  );

  it('without namespaces, a write into the tree is still found after the run, with the same hint', async () => {
    const { report, before } = await check('writes-into-tree', {}, 'none');
    expect(codes(report)).toEqual(['tree_write']);
    expect(report.reasons[0]?.message).toMatch(
      /^seed \d+: the generator wrote into its own tree \(debug\.log\), which is read-only in the sandbox; /,
    );
    expect(report.reasons[0]?.message).toContain(READ_ONLY_HINT);
    expect(report.submission.unchanged).toBe(false);
    await expectUnchanged('writes-into-tree', report, before);
  });

  it.each(['auto', 'none'] as const)(
    'ends a run with the generator and leaves no detached child behind (isolation %s)',
    async (isolation) => {
      // This check's processes carry a PATH entry of their own, so that another check of the
      // same fixture on this machine (another test run) is not taken for this one's leftovers.
      const own = `/nonexistent/rpe-test-${randomUUID()}`;
      const path = process.env.PATH;
      process.env.PATH = `${own}:${path}`;
      try {
        const { report } = await runCheck('detached-child', {}, isolation);
        expect(report.reasons).toEqual([]);
        expect(report.verdict).toBe('eligible');
        // The children sleep 21 s: a run that waited for them would last that long.
        for (const seed of report.seeds)
          for (const run of seed.runs) expect(run.wall_ms).toBeLessThan(21_000);
        expect(await processesWith('sleep 21.0417', own)).toEqual([]);
      } finally {
        process.env.PATH = path;
      }
    },
  );
  it("gives a Node error's message as its Error: line and the generator's frame", async () => {
    const { report } = await check('node-error');
    expect(report.reasons[0]?.message).toBe(
      'seed 0: exited with code 1: Error: no lemma for seed 0 (generate.js:3)',
    );
  });

  it('skips the second run of a seed whose first run failed', async () => {
    // The timeout row's check (reason-fixtures.ts): the first run of each seed times out, and
    // what follows does not depend on the limit.
    const { report } = await check('sleep-forever', REASON_FIXTURES.timeout.limits);
    for (const seed of report.seeds) {
      expect(seed.runs).toHaveLength(1);
      expect(seed.runs[0]).toMatchObject({ status: 'timeout', timed_out: true });
    }
  });

  it('kills the whole process group of a fork bomb, says no process limit was enforced, and earns runtime_error and nothing else', async () => {
    // Seeds no other test uses, to tell its processes apart: the tree runs from a temporary copy.
    // They depend on this process's pid, so another test run on this machine has others. The
    // fork bomb never reads its seed: its verdict is that of any other seeds.
    const seed = 100_000 + 2 * (process.pid % 400_000);
    const { report, before } = await runCheck('fork-bomb', {}, 'auto', [seed, seed + 1]);
    expect(report.reasons[0]?.message).toMatch(/no process limit was enforced/);
    // Its children sleep 5 s; none may outlive the run.
    const ps = await execa('ps', ['-eo', 'args'], { reject: false });
    expect(ps.stdout.toString()).toMatch(/\bps -eo args\b/);
    expect(ps.stdout.toString()).not.toMatch(
      new RegExp(`generate\\.py --seed (${seed}|${seed + 1})\\b`),
    );
    expect(report.verdict).toBe('disqualified');
    expect(codes(report)).toEqual(['runtime_error']);
    await expectUnchanged('fork-bomb', report, before);
  });

  it('keeps only the tail of a stdout flood and stays eligible', async () => {
    const limits = resolveLimits({ logBytes: 4096 });
    const { report } = await check('stdout-flood', limits);
    expect(report.verdict).toBe('eligible');
    const run = report.seeds[0]?.runs[0];
    expect(run?.stdout_tail.length).toBeLessThanOrEqual(4096);
    expect(run?.stdout_tail).toMatch(/flood \n$/);
    expect(run?.stderr_tail).toContain('done flooding');
  });

  it('network-probe fails exactly when something on 127.0.0.1 answers', async () => {
    const open = (await Promise.all([22, 80, 2375].map(portOpen))).some(Boolean);
    const { report, before } = await check('network-probe');
    expect(codes(report)).toEqual(open ? ['runtime_error'] : []);
    expect(report.seeds[0]?.runs[0]?.stderr_tail).toContain('127.0.0.1:22');
    await expectUnchanged('network-probe', report, before);
  });

  it.each([
    ['nondeterministic-set-order', /differs when PYTHONHASHSEED changes/],
    ['nondeterministic-env', /differs when TZ changes/],
    ['nondeterministic-clock', /same environment: .*the clock/],
    // In namespaces the pid is set by the variation, as in the sandbox; elsewhere it changes anyway.
    [
      'nondeterministic-pid',
      namespaces ? /differs when the process id changes/ : /same environment: .*the process id/,
    ],
  ] as const)('%s is nondeterministic and the diagnosis names the cause', async (name, cause) => {
    const { report, before } = await check(name);
    expect(codes(report)).toEqual(['nondeterministic']);
    for (const seed of report.seeds) {
      expect(seed.deterministic).toBe(false);
      expect(seed.difference?.line).toBeGreaterThan(0);
      expect(seed.cause).toMatch(cause);
    }
    expect(report.reasons[0]?.message).toMatch(
      /^seed 0: the two runs differ at line \d+ \(`.*` vs `.*`\); /,
    );
    // Diagnosed once, on the first seed that differs; the next seed says where it was found.
    expect(report.seeds[0]?.cause).not.toMatch(/found on seed/);
    expect(report.seeds[1]?.cause).toBe(`${report.seeds[0]?.cause} (found on seed 0)`);
    await expectUnchanged(name, report, before);
  });
});
