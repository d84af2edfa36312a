import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PID_BASE, RUNNER_IMAGES } from '../../sandbox/engine/index.js';
import { ENV_VARIATIONS, outputFileOf } from '../../sandbox/run/env-variations.js';
import {
  DOCKER_SUBMISSIONS,
  engine,
  ensureImages,
  IMAGE_BUILD_TIMEOUT_MS,
  SUBMISSIONS,
} from './docker-engine.js';
import { OFFLINE_INSTALL } from '../../sandbox/submission/index.js';
import { runFixture } from './run-fixture.js';

const lines = (output: Buffer | undefined) =>
  (output ?? Buffer.alloc(0)).toString('utf8').trim().split('\n');

describe.skipIf(!engine)('Docker executor: generators that should pass', () => {
  beforeAll(ensureImages, IMAGE_BUILD_TIMEOUT_MS);

  it.each([
    ['good-python', SUBMISSIONS, RUNNER_IMAGES.python],
    ['good-typescript', SUBMISSIONS, RUNNER_IMAGES.node],
    ['good-javascript', SUBMISSIONS, RUNNER_IMAGES.node],
  ])('%s writes 60 items', async (name, root, image) => {
    const { results, image: used } = await runFixture(join(root, name));
    const [result] = results;
    expect(result?.stderrTail).toBe('');
    expect(result?.status).toBe('ok');
    expect(lines(result?.output)).toHaveLength(60);
    expect(result?.outputSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(used.name).toBe(image);
    expect(used.id).toMatch(/^sha256:/);
  });

  it('applies every field of both variations, as an unprivileged user on a read-only tree', async () => {
    const { results } = await runFixture(join(DOCKER_SUBMISSIONS, 'report-environment'), {
      variations: [...ENV_VARIATIONS],
    });
    const seen = results.map((r) => JSON.parse(lines(r.output)[0] ?? '{}'));
    ENV_VARIATIONS.forEach((variation, i) => {
      const facts = seen[i];
      expect(facts.here).toBe(variation.submissionPath);
      // The documented command runs from the repository root; --out is absolute, per variation.
      expect(facts.cwd).toBe(variation.submissionPath);
      expect(facts.out).toBe(outputFileOf(variation, 7, '/out'));
      expect(facts.hostname).toBe(variation.hostname);
      expect(facts.hash_seed).toBe(variation.pythonHashSeed);
      expect(facts.env).toEqual({
        HOME: variation.home,
        TZ: variation.tz,
        LANG: variation.lang,
        LC_ALL: variation.lang,
        RPE_SANDBOX: '1',
        RPE_TRACE: null,
      });
      expect(facts.uid).not.toBe(0);
      expect(facts.tree_writable).toBe(false);
      expect(facts.root_writable).toBe(false);
    });
    const [a, b] = seen;
    // The same listing, created in opposite orders: the generator sees two different orders.
    expect([...a.order].sort()).toEqual([...b.order].sort());
    expect(a.order).not.toEqual(b.order);
    // The generator's pid depends on the variation alone.
    expect(a.pid).toBe(PID_BASE + ENV_VARIATIONS[0].pidShift + 1);
    expect(b.pid).toBe(PID_BASE + ENV_VARIATIONS[1].pidShift + 1);
  });

  it('sends the tree through the engine: each folder of the second copy lists in reverse, symlinks kept', async () => {
    const { results, notes } = await runFixture(join(DOCKER_SUBMISSIONS, 'lists-its-tree'), {
      variations: [...ENV_VARIATIONS],
    });
    const [a, b] = results.map(
      (r) =>
        JSON.parse(lines(r.output)[0] ?? '{}') as {
          listings: Record<string, string[]>;
          link: string;
        },
    );
    expect(Object.keys(a?.listings ?? {}).sort()).toEqual(['.', 'a', 'a.b']);
    expect([...(a?.listings['.'] ?? [])].sort()).toEqual(['a', 'a.b', 'b', 'c', 'e', 'link']);
    // Names that sort around a folder's own (a, a.b) and a symlink whose target has `..` too.
    for (const [folder, names] of Object.entries(a?.listings ?? {}))
      expect(b?.listings[folder]).toEqual([...names].reverse());
    expect([a?.link, b?.link]).toEqual(['../generate.py', '../generate.py']);
    expect(notes.join('\n')).not.toMatch(/same order/);
  });

  it('installs vendored wheels offline before the runs', async () => {
    const { results } = await runFixture(join(DOCKER_SUBMISSIONS, 'pip-vendored'));
    expect(results[0]?.status).toBe('ok');
    expect(lines(results[0]?.output)).toEqual(['{"input": "zależność 7", "gold": "tak"}']);
  });

  // A check makes no run after a failed install step (install_failed); a run asked for anyway
  // fails with the install step's message.
  it('says why the install step failed: installFailure, and a run asked for anyway', async () => {
    const { results, installFailure } = await runFixture(
      join(DOCKER_SUBMISSIONS, 'pip-missing-wheel'),
      { install: OFFLINE_INSTALL },
    );
    expect(installFailure).toMatch(
      /^install step failed \(exit \d+\): pip install .*rpe-tiny-dep/i,
    );
    expect(results[0]?.status).toBe('runtime_error');
    expect(results[0]?.message).toBe(installFailure);
  });

  it('installs a package-lock.json offline from the tarballs the repository holds', async () => {
    const { results } = await runFixture(join(DOCKER_SUBMISSIONS, 'npm-vendored'));
    expect(results[0]?.message).toBeUndefined();
    expect(results[0]?.status).toBe('ok');
    expect(lines(results[0]?.output)).toEqual(['{"input":"zależność 7","gold":"tak"}']);
    expect(results[0]?.networkAttempts).toEqual([]);
  });

  it('under --install-network none, refuses a lock that needs the network, naming the package, before anything runs', async () => {
    const { results, installFailure } = await runFixture(
      join(DOCKER_SUBMISSIONS, 'npm-registry-lock'),
      { install: OFFLINE_INSTALL },
    );
    expect(results[0]?.status).toBe('runtime_error');
    expect(results[0]?.message).toBe(installFailure);
    expect(results[0]?.message).toBe(
      'install step refused: package-lock.json needs the network: is-plain-obj@4.1.0 comes from a registry, not from the repository; vendor it (npm pack into vendor/, depend on file:vendor/<tarball>) and commit the lock again',
    );
  });

  it('supplies no toolkit of its own: an import without a lock fails', async () => {
    const { results } = await runFixture(join(DOCKER_SUBMISSIONS, 'imports-toolkit-without-lock'));
    expect(results[0]?.status).toBe('runtime_error');
    expect(results[0]?.stderrTail).toMatch(/Cannot find package 'reverse-poleval'/);
  });
});
