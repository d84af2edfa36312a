import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../../tests/temporary-folder.js';
import { packageRoot } from '../package-root.js';
import { FRAMEWORK_DEPENDENCIES, packToolkit } from './pack-toolkit.js';

const work = temporaryFolder('rpe-pack-test-');

// Every package the framework's own sources import by name (node: built-ins aside).
function frameworkImports(): string[] {
  const dir = join(packageRoot(), 'framework');
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true }) as string[]) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    for (const m of text.matchAll(/^import [^;]*? from '([^.'][^']*)';/gms)) {
      const spec = m[1] ?? '';
      if (spec.startsWith('node:')) continue;
      names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return [...names].sort();
}

describe('packToolkit', () => {
  it('bundles exactly what the framework imports', () => {
    // esbuild only speeds up `rpe generate` when it is installed (compile-typescript.ts loads it
    // behind a check); a generator runs without it.
    const optional = new Set(['esbuild']);
    expect(frameworkImports().filter((name) => !optional.has(name))).toEqual(
      [...FRAMEWORK_DEPENDENCIES].sort(),
    );
  });

  it('packs the framework with its dependencies inside, the SQLite binding built, nothing else', async () => {
    const tarball = await packToolkit(work);
    const entries = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(entries).toContain('package/dist/framework/index.js');
    // The door's zod, shared with the CLI's other doors (scripts/bundle-doors).
    expect(entries).toContain('package/dist/vendor/zod.js');
    expect(entries).toContain(
      'package/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
    );
    expect(entries).toContain('package/node_modules/zod/package.json');
    expect(entries).toContain('package/node_modules/bindings/bindings.js');
    expect(entries.some((e) => e.startsWith('package/dist/cli/'))).toBe(false);
    expect(entries.some((e) => e.startsWith('package/data/'))).toBe(false);
    expect(entries.some((e) => e.includes('/prebuild-install/'))).toBe(false);
    const manifest = JSON.parse(
      execFileSync('tar', ['xzf', tarball, '-O', 'package/package.json'], { encoding: 'utf8' }),
    ) as { bundleDependencies: string[]; exports: Record<string, string>; bin?: unknown };
    expect(manifest.bundleDependencies).toEqual([...FRAMEWORK_DEPENDENCIES]);
    expect(manifest.exports).toEqual({ '.': './dist/framework/index.js' });
    expect(manifest.bin).toBeUndefined();
    const sqlite = JSON.parse(
      execFileSync(
        'tar',
        ['xzf', tarball, '-O', 'package/node_modules/better-sqlite3/package.json'],
        { encoding: 'utf8' },
      ),
    ) as { scripts?: unknown; dependencies: Record<string, string> };
    expect(sqlite.scripts).toBeUndefined();
    expect(Object.keys(sqlite.dependencies)).toEqual(['bindings']);
  }, 120_000);
});
