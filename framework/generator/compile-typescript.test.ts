import { mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../../tests/temporary-folder.js';
import { compileTypeScript } from './compile-typescript.js';

const dir = temporaryFolder('rpe-compile-ts-');

// A module that imports a local TypeScript file and a package, and reads import.meta.url.
function project(name: string, word: string): string {
  const root = join(dir, name);
  mkdirSync(join(root, 'node_modules', 'fake-package'), { recursive: true });
  writeFileSync(
    join(root, 'node_modules', 'fake-package', 'package.json'),
    JSON.stringify({ name: 'fake-package', type: 'module', exports: './index.js' }),
  );
  writeFileSync(
    join(root, 'node_modules', 'fake-package', 'index.js'),
    'export const from = "package";\n',
  );
  writeFileSync(join(root, 'words.ts'), `export const word: string = ${JSON.stringify(word)};\n`);
  writeFileSync(
    join(root, 'generator.ts'),
    [
      "import { from } from 'fake-package';",
      "import { word } from './words.js';",
      'interface Seen { word: string; from: string; url: string }',
      'export const seen: Seen = { word, from, url: import.meta.url };',
      '',
    ].join('\n'),
  );
  return join(root, 'generator.ts');
}

describe('compileTypeScript', () => {
  it('compiles the sources into one module that keeps packages as imports and its own import.meta.url', async () => {
    const file = project('a', 'kot');
    const out = await compileTypeScript(file, 'test');
    expect(out).not.toBeNull();
    const mod = (await import(`${pathToFileURL(out ?? '').href}?1`)) as {
      seen: { word: string; from: string; url: string };
    };
    expect(mod.seen).toEqual({ word: 'kot', from: 'package', url: pathToFileURL(file).href });
  });

  it('reuses the compiled module until a source changes', async () => {
    const file = project('b', 'pies');
    const out = (await compileTypeScript(file, 'test')) ?? '';
    const first = statSync(out).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    expect(await compileTypeScript(file, 'test')).toBe(out);
    expect(statSync(out).mtimeMs).toBe(first);
    writeFileSync(join(dir, 'b', 'words.ts'), 'export const word: string = "dom";\n');
    utimesSync(join(dir, 'b', 'words.ts'), new Date(), new Date(Date.now() + 5000));
    await compileTypeScript(file, 'test');
    const mod = (await import(`${pathToFileURL(out).href}?2`)) as { seen: { word: string } };
    expect(mod.seen.word).toBe('dom');
    // Another toolkit version compiles again too.
    await compileTypeScript(file, 'other');
    expect(statSync(out).mtimeMs).not.toBe(first);
  });

  it('reports a syntax error as the generator failing to load, with file, line and column', async () => {
    const file = project('c', 'las');
    writeFileSync(join(dir, 'c', 'words.ts'), 'export const word: string = ;\n');
    await expect(compileTypeScript(file, 'test')).rejects.toMatchObject({
      code: 'generator_unloadable',
      exitCode: 1,
      message: expect.stringMatching(
        /generator\.ts: cannot load: words\.ts:1:29: Unexpected ";"/,
      ) as string,
    });
  });
});
