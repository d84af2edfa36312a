import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeEach, describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/package-root.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';
import { buildIsCurrent, COMPILED_FOLDERS, removeStamp, STAMP, writeStamp } from './stamp.js';

const base = temporaryFolder('rpe-build-stamp-');
let root = '';
let round = 0;

// A package with one source, its test, a setting and what a build made of them.
beforeEach(() => {
  root = join(base, String(round++));
  for (const dir of ['framework/rules', 'scripts/bundle-doors', 'dist/framework', 'tests'])
    mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'framework/rules/index.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'framework/rules/index.test.ts'), "it('a', () => {});\n");
  writeFileSync(join(root, 'scripts/bundle-doors/index.ts'), '// bundles\n');
  writeFileSync(join(root, 'tests/other.test.ts'), '// not an input\n');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion": 3}\n');
  writeFileSync(join(root, 'dist/framework/index.js'), 'export const a = 1;\n');
  writeStamp(root);
});

describe('the build stamp npm test skips a current build by', () => {
  it('finds the build current until a source, a setting or the bundling changes', () => {
    expect(buildIsCurrent(root)).toBe(true);
    writeFileSync(join(root, 'framework/rules/index.ts'), 'export const a = 2;\n');
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root);
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion": 2}\n');
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root);
    writeFileSync(join(root, 'scripts/bundle-doors/index.ts'), '// bundles otherwise\n');
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('counts a new source file, and a removed one, as a change', () => {
    writeFileSync(join(root, 'framework/rules/more.ts'), 'export const b = 1;\n');
    expect(buildIsCurrent(root)).toBe(false);
    rmSync(join(root, 'framework/rules/more.ts'));
    expect(buildIsCurrent(root)).toBe(true);
    rmSync(join(root, 'framework/rules/index.ts'));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('leaves the tests out: changing one needs no build', () => {
    writeFileSync(join(root, 'framework/rules/index.test.ts'), "it('b', () => {});\n");
    writeFileSync(join(root, 'tests/other.test.ts'), '// still not an input\n');
    expect(buildIsCurrent(root)).toBe(true);
  });

  it('finds a dist/ changed after the build stale: a file edited, added or removed', () => {
    writeFileSync(join(root, 'dist/framework/index.js'), 'export const a = 3;\n');
    expect(buildIsCurrent(root)).toBe(false);
    writeFileSync(join(root, 'dist/framework/index.js'), 'export const a = 1;\n');
    expect(buildIsCurrent(root)).toBe(true);
    writeFileSync(join(root, 'dist/extra.js'), '\n');
    expect(buildIsCurrent(root)).toBe(false);
    rmSync(join(root, 'dist/extra.js'));
    rmSync(join(root, 'dist/framework/index.js'));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('finds no build current without a stamp, or with one it cannot read', () => {
    removeStamp(root);
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root);
    writeFileSync(join(root, STAMP), '{"inputs":');
    expect(buildIsCurrent(root)).toBe(false);
    rmSync(join(root, 'dist'), { recursive: true });
    expect(buildIsCurrent(root)).toBe(false);
  });
});

describe('the stamp of this package', () => {
  it('reads every folder tsconfig.build.json compiles', () => {
    const config = JSON.parse(readFileSync(packagePath('tsconfig.build.json'), 'utf8')) as {
      include: string[];
    };
    expect([...COMPILED_FOLDERS].sort()).toEqual([...config.include].sort());
  });
});

describe('scripts/build/index.ts', () => {
  it('refuses an option it does not know in one line, exit 2', async () => {
    const result = await execa(
      process.execPath,
      ['--import', 'tsx', packagePath('scripts', 'build', 'index.ts'), '--if-stal'],
      { reject: false },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'build: --if-stal: not an option (usage: tsx scripts/build/index.ts [--if-stale])',
    );
  });
});
