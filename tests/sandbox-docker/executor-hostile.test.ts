import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DOCKER_SUBMISSIONS,
  engine,
  ensureImages,
  IMAGE_BUILD_TIMEOUT_MS,
  SUBMISSIONS,
  TEST_LIMITS,
} from './docker-engine.js';
import { runFixture } from './run-fixture.js';
import { READ_ONLY_HINT } from '../../sandbox/run/classify-run.js';
import { ENV_VARIATIONS } from '../../sandbox/run/env-variations.js';

const fixture = (name: string) => join(SUBMISSIONS, name);

describe.skipIf(!engine)('Docker executor: hostile and failing generators', () => {
  beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

  it('kills a sleeper at the wall-clock limit and reports timeout', async () => {
    const { results } = await runFixture(fixture('sleep-forever'), {
      limits: { timeoutSeconds: 3 },
    });
    const [result] = results;
    expect(result?.status).toBe('timeout');
    expect(result?.timedOut).toBe(true);
    // Not before the limit; how long the kill itself takes depends on the machine's load.
    expect(result?.wallMs).toBeGreaterThanOrEqual(3000);
  });

  it('reports a memory bomb as memory_limit, not as a timeout or a crash', async () => {
    const { results } = await runFixture(fixture('memory-bomb'));
    expect(results[0]?.status).toBe('memory_limit');
    expect(results[0]?.oomKilled).toBe(true);
    expect(results[0]?.timedOut).toBe(false);
  });

  it('stops a fork bomb at the pids limit', async () => {
    const { results } = await runFixture(fixture('fork-bomb'));
    expect(results[0]?.status).toBe('runtime_error');
    expect(results[0]?.stderrTail).not.toMatch(/no process limit was enforced/);
  });

  it('gives a network probe no network at all, and sees every attempt', async () => {
    const { results } = await runFixture(fixture('network-probe'));
    const [result] = results;
    expect(result?.stderrTail).not.toMatch(/connected to/);
    expect(result?.stderrTail).toMatch(/pypi\.org:443 unreachable/);
    expect(result?.stderrTail).toMatch(/1\.1\.1\.1:53 unreachable/);
    expect(result?.status).toBe('ok');
    const seen = (result?.networkAttempts ?? []).map((a) => `${a.address}:${a.port}`);
    expect(seen).toEqual(expect.arrayContaining(['127.0.0.1:22', '1.1.1.1:53', '127.0.0.1:53']));
    expect(result?.networkAttempts?.some((a) => a.lookup === 'pypi.org')).toBe(true);
  });

  it('sees a urllib download a Python generator caught, and names the host and program', async () => {
    const { results } = await runFixture(fixture('network-urllib-caught'));
    const [result] = results;
    expect(result?.status).toBe('ok');
    expect(result?.stdoutTail).toMatch(/download failed: URLError/);
    const lookups = result?.networkAttempts?.filter((a) => a.lookup === 'pypi.org') ?? [];
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups[0]).toMatchObject({ program: 'python3', address: '127.0.0.1', port: 53 });
  });

  it('sees a fetch a Node generator caught, made from a thread of its pool', async () => {
    const { results } = await runFixture(fixture('network-fetch-caught'));
    const [result] = results;
    expect(result?.status).toBe('ok');
    expect(result?.stdoutTail).toMatch(/download failed/);
    expect(result?.networkAttempts?.map((a) => a.lookup)).toContain('registry.npmjs.org');
  });

  it('sees a call made by a grandchild in a new session, and names that program', async () => {
    const { results } = await runFixture(join(DOCKER_SUBMISSIONS, 'network-in-grandchild'));
    expect(results[0]?.status).toBe('ok');
    expect(results[0]?.networkAttempts).toContainEqual(
      expect.objectContaining({ program: 'fetcher', address: '10.9.8.7', port: 443 }),
    );
  });

  it('fails a run whose generator kills its tracer: the run ends with the tracer', async () => {
    const { results } = await runFixture(join(DOCKER_SUBMISSIONS, 'kills-its-tracer'));
    expect(results[0]?.status).toBe('runtime_error');
    expect(results[0]?.message).toMatch(/^exited with code 137\b/);
    expect(results[0]?.output).toBeUndefined();
  });

  it('keeps the trace out of the reach of the generator', async () => {
    const { results } = await runFixture(join(DOCKER_SUBMISSIONS, 'hides-from-tracer'));
    const [result] = results;
    expect(result?.status).toBe('ok');
    expect(result?.stderrTail).not.toMatch(/listed|truncated|RPE_TRACE|wrote/);
    expect(result?.stderrTail).toMatch(/hides: \/trace: PermissionError/);
    expect(result?.stderrTail).toMatch(/hides: \/trace\/filler: OSError/);
    expect(result?.networkAttempts?.map((a) => `${a.address}:${a.port}`)).toContain(
      '10.11.12.13:8080',
    );
  });

  it('reads the real output of a generator that prints a forged reading and looks for the mark', async () => {
    const { results } = await runFixture(join(DOCKER_SUBMISSIONS, 'forges-its-reading'));
    const [result] = results;
    expect(result?.status).toBe('ok');
    expect(result?.stderrTail).not.toMatch(/mark found/);
    const lines = result?.output?.toString('utf8').trim().split('\n') ?? [];
    expect(lines).toHaveLength(10);
    expect(lines[0]).toContain('Prawdziwy 7.0');
    // What it printed is its stdout, reported as such.
    expect(result?.stdoutTail).toContain('Podrobiony 59');
  });

  it('counts no socketpair, pipe or multiprocessing call as the network', async () => {
    const { results } = await runFixture(fixture('socketpair-multiprocessing'));
    expect(results[0]?.status).toBe('ok');
    expect(results[0]?.networkAttempts).toEqual([]);
  });

  it('refuses a write into the tree with the same message as a local check', async () => {
    for (const name of ['writes-into-tree', 'writes-items-in-cwd']) {
      const { results } = await runFixture(fixture(name));
      expect(results[0]?.status).toBe('runtime_error');
      expect(results[0]?.message).toMatch(/Read-only file system/);
      expect(results[0]?.message).toContain(READ_ONLY_HINT);
    }
  });

  it('runs from the submission root, so relative reads work, and is no_output when --out is ignored', async () => {
    const relative = await runFixture(fixture('reads-data-relative'));
    expect(relative.results[0]?.status).toBe('ok');
    const ignored = await runFixture(fixture('ignores-out-name'), {
      variations: [...ENV_VARIATIONS],
    });
    expect(ignored.results.map((r) => r.status)).toEqual(['ok', 'no_output']);
  });

  it('lets no write outside the output folder succeed', async () => {
    const { results } = await runFixture(fixture('write-outside-output'));
    const [result] = results;
    expect(result?.stderrTail).toMatch(/pwned\.txt: (OSError|PermissionError)/);
    expect(result?.stderrTail).not.toMatch(/wrote/);
    expect(result?.status).toBe('ok');
  });

  it('refuses a symlinked output without following it', async () => {
    const { results } = await runFixture(fixture('symlink-output'));
    expect(results[0]?.status).toBe('unsafe_output');
    expect(results[0]?.output).toBeUndefined();
  });

  it('stops gigabytes of output at the cap', async () => {
    const { results } = await runFixture(fixture('huge-output'));
    expect(results[0]?.status).toBe('output_limit');
    expect(results[0]?.output).toBeUndefined();
  });

  it('keeps only the tail of a flood on stdout', async () => {
    // The flood (64 MiB) is 16384 times the log cap and twice the container's memory and /tmp:
    // held whole anywhere in the container, it would end the run as memory_limit or a crash.
    const memoryBytes = 32 * 1024 * 1024;
    const { results } = await runFixture(fixture('stdout-flood'), { limits: { memoryBytes } });
    const [result] = results;
    expect(result?.status).toBe('ok');
    expect(result?.stdoutTail.length).toBeLessThanOrEqual(TEST_LIMITS.logBytes);
    expect(result?.stdoutTail).toMatch(/flood \n?$/);
    expect(result?.stderrTail).toBe('stdout-flood: done flooding\n');
  });

  it('ends a run when the generator exits, even with a child holding its stdout', async () => {
    const { results } = await runFixture(join(DOCKER_SUBMISSIONS, 'background-child'));
    const [result] = results;
    expect(result?.status).toBe('ok');
    // The child sleeps 600 s, far beyond the limit: a run that waited for it would be a timeout.
    expect(result?.stdoutTail).toBe('left a child behind\n');
    expect(result?.timedOut).toBe(false);
  });

  it('reports a missing output file as no_output', async () => {
    const { results } = await runFixture(fixture('no-output'));
    expect(results[0]?.status).toBe('no_output');
  });

  it('reports a crash as runtime_error with the last line of stderr', async () => {
    const { results } = await runFixture(fixture('runtime-error'));
    expect(results[0]?.status).toBe('runtime_error');
    expect(results[0]?.exitCode).not.toBe(0);
    expect(results[0]?.message).toMatch(/^exited with code \d+: \S/);
  });
});
