import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkNpmLock } from './check-npm-lock.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const scratch = temporaryFolder('rpe-lock-');

function tree(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(scratch, 'rpe-lock-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

const lock = (packages: Record<string, unknown>) => ({
  name: 'x',
  lockfileVersion: 3,
  packages: { '': { name: 'x' }, ...packages },
});

describe('checkNpmLock', () => {
  it('accepts vendored tarballs, bundled packages and skips dev ones', () => {
    const dir = tree({
      'vendor/a-1.0.0.tgz': 'tarball',
      'package-lock.json': lock({
        'node_modules/a': { version: '1.0.0', resolved: 'file:vendor/a-1.0.0.tgz' },
        'node_modules/a/node_modules/b': { version: '2.0.0', inBundle: true },
        'node_modules/tsx': { version: '4.0.0', dev: true },
      }),
    });
    expect(checkNpmLock(dir)).toEqual({ kind: 'offline', packages: 1 });
  });

  it('says a registry package needs the network, naming it', () => {
    const dir = tree({
      'package-lock.json': lock({
        'node_modules/is-plain-obj': {
          version: '4.1.0',
          resolved: 'https://registry.npmjs.org/is-plain-obj/-/is-plain-obj-4.1.0.tgz',
        },
      }),
    });
    const check = checkNpmLock(dir);
    expect(check.kind).toBe('not_offline');
    expect(check.kind === 'not_offline' && check.message).toMatch(
      /^package-lock.json needs the network: is-plain-obj@4.1.0 comes from https:\/\/registry.npmjs.org\/is-plain-obj\/-\/is-plain-obj-4.1.0.tgz, not from the repository/,
    );
  });

  it('refuses a tarball the tree does not hold or one outside it', () => {
    const missing = tree({
      'package-lock.json': lock({ 'node_modules/a': { resolved: 'file:vendor/a.tgz' } }),
    });
    expect(checkNpmLock(missing)).toMatchObject({ message: /does not hold/ });
    const outside = tree({
      'package-lock.json': lock({ 'node_modules/a': { resolved: 'file:../a.tgz' } }),
    });
    expect(checkNpmLock(outside)).toMatchObject({ message: /outside the repository/ });
  });

  it('needs a lock only when package.json declares dependencies', () => {
    expect(checkNpmLock(tree({ 'package.json': { type: 'module' } }))).toEqual({ kind: 'none' });
    expect(checkNpmLock(tree({ 'package.json': { dependencies: { zod: '^4' } } }))).toMatchObject({
      kind: 'not_offline',
      message: /no package-lock.json/,
    });
    expect(checkNpmLock(tree({}))).toEqual({ kind: 'none' });
  });
});
