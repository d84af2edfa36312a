import { describe, expect, it } from 'vitest';
import type { Report } from './report-schema.js';
import { staleBecause, type RunSettings } from './stale-because.js';

const LIMITS = {
  timeout_seconds: 120,
  memory_bytes: 2 * 1024 ** 3,
  cpus: 1,
  pids: 256,
  output_bytes: 16 * 1024 ** 2,
  log_bytes: 16384,
};
const report = {
  submission: { tree_hash: 'sha256:t' },
  requested_seeds: [1, 2, 3],
  limits: LIMITS,
  toolkit_version: '0.1.0',
  executor: { kind: 'docker' },
  image: { id: 'sha256:img' },
} as unknown as Report;
const settings: RunSettings = {
  seeds: [1, 2, 3],
  limits: LIMITS,
  toolkitVersion: '0.1.0',
  executor: 'docker',
};
const current = { settings, treeHash: 'sha256:t', imageId: 'sha256:img' };

describe('staleBecause', () => {
  it('reuses a report made with the same tree, seeds, limits, toolkit, executor and image', () => {
    expect(staleBecause(report, current)).toBeNull();
  });

  it.each([
    [{ ...current, treeHash: 'sha256:u' }, 'the submission changed'],
    [{ ...current, settings: { ...settings, seeds: [1, 2] } }, 'seeds 1,2,3 → 1,2'],
    [
      { ...current, settings: { ...settings, limits: { ...LIMITS, timeout_seconds: 60 } } },
      'timeout 120 → 60',
    ],
    [
      { ...current, settings: { ...settings, limits: { ...LIMITS, cpus: 2, pids: 64 } } },
      'cpus 1 → 2, pids 256 → 64',
    ],
    [{ ...current, settings: { ...settings, toolkitVersion: '0.2.0' } }, 'toolkit 0.1.0 → 0.2.0'],
    [
      { ...current, settings: { ...settings, executor: 'local' as const } },
      'executor docker → local',
    ],
    [{ ...current, imageId: 'sha256:new' }, 'image sha256:img → sha256:new'],
  ])('reruns when %#: %s', (changed, because) => {
    expect(staleBecause(report, changed)).toBe(because);
  });
});

describe('staleBecause and where the submission came from', () => {
  const COMMIT = 'a'.repeat(40);
  const cloned = {
    ...report,
    submission: {
      ...report.submission,
      source: { url: 'https://example.org/a/repo', ref: 'v1', commit: COMMIT },
    },
  } as unknown as Report;
  const line = { url: 'https://example.org/a/repo', ref: 'v1', commit: COMMIT };

  it('reuses a report cloned from the same URL and ref', () => {
    expect(staleBecause(cloned, { ...current, source: line })).toBeNull();
  });

  it('checks again a report cloned from another URL, even of the same tree', () => {
    const other = { ...line, url: 'https://example.org/b/repo' };
    expect(staleBecause(cloned, { ...current, source: other })).toBe(
      'source https://example.org/a/repo@v1 → https://example.org/b/repo@v1',
    );
    expect(staleBecause(cloned, { ...current, source: { ...line, ref: 'v2' } })).toBe(
      'source https://example.org/a/repo@v1 → https://example.org/a/repo@v2',
    );
    // A folder line's report has no URL: a report of a clone does not stand for it, nor back.
    expect(staleBecause(cloned, { ...current, source: null })).toBe(
      'source https://example.org/a/repo@v1 → a folder',
    );
    expect(staleBecause(report, { ...current, source: line })).toBe(
      'source a folder → https://example.org/a/repo@v1',
    );
  });
});

describe('staleBecause and the install step', () => {
  const fetched = {
    ...report,
    install: {
      installer: 'pip',
      network: 'host',
      requested_network: 'host',
      index: 'http://127.0.0.1:9/simple/',
      packages: [],
    },
  } as unknown as Report;
  const same = {
    ...current,
    settings: {
      ...settings,
      install: { network: 'host', indexUrl: 'http://127.0.0.1:9/simple/', npmRegistry: null },
    },
  };

  it('reuses a report made with the same install network and index', () => {
    expect(staleBecause(fetched, same)).toBeNull();
  });

  it('checks again with another install network or, for a report that fetched, another index', () => {
    const offline = {
      ...same,
      settings: { ...same.settings, install: { ...same.settings.install, network: 'none' } },
    };
    expect(staleBecause(fetched, offline)).toBe('install network host → none');
    const index = {
      ...same,
      settings: { ...same.settings, install: { ...same.settings.install, indexUrl: null } },
    };
    expect(staleBecause(fetched, index)).toBe('install index http://127.0.0.1:9/simple/ → default');
    // A report that installed from the tree only does not depend on the index.
    const vendored = { ...fetched, install: { ...fetched.install, network: 'none' } } as Report;
    expect(staleBecause(vendored, index)).toBeNull();
    // An older report records no install: nothing to compare.
    expect(staleBecause(report, offline)).toBeNull();
  });
});
