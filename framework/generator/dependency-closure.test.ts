import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { dependencyClosure } from './dependency-closure.js';

describe('dependencyClosure', () => {
  it('follows dependencies and installed optional ones, and leaves out dev-only packages', () => {
    const root = packageRoot();
    const closure = dependencyClosure(root, ['tsx', 'execa']);
    expect(closure).toContain('tsx');
    expect(closure).toContain('esbuild');
    expect(closure).toContain('@esbuild/linux-x64');
    expect(closure).toContain('execa');
    expect(closure).toContain('cross-spawn');
    expect(closure).not.toContain('vitest');
    expect(closure).not.toContain('typescript');
    for (const name of closure)
      expect(existsSync(join(root, 'node_modules', name, 'package.json'))).toBe(true);
  });

  it('leaves out a skipped package and what only it needs', () => {
    const closure = dependencyClosure(packageRoot(), ['better-sqlite3'], {
      skip: ['prebuild-install'],
    });
    expect(closure).toEqual(['better-sqlite3', 'bindings', 'file-uri-to-path']);
  });

  it('names a package that is not installed', () => {
    expect(() => dependencyClosure(packageRoot(), ['no-such-package-rpe'])).toThrow(
      /no-such-package-rpe is not installed/,
    );
  });
});
