import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectEntrypoint, missingEntrypointMessage } from './detect-entrypoint.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const scratch = temporaryFolder('rpe-entry-');

function tree(files: string[]): string {
  const dir = mkdtempSync(join(scratch, 'rpe-entry-'));
  for (const f of files) writeFileSync(join(dir, f), '');
  return dir;
}

describe('detectEntrypoint', () => {
  it('maps each entrypoint to how it runs', async () => {
    expect((await detectEntrypoint(tree(['generate.py']))).entrypoint).toEqual({
      file: 'generate.py',
      kind: 'python',
    });
    expect((await detectEntrypoint(tree(['generate.ts']))).entrypoint).toEqual({
      file: 'generate.ts',
      kind: 'tsx',
    });
    expect((await detectEntrypoint(tree(['generate.js']))).entrypoint).toEqual({
      file: 'generate.js',
      kind: 'node',
    });
  });

  it('prefers generate.py, then generate.ts, and lists what it ignored', async () => {
    const all = await detectEntrypoint(tree(['generate.js', 'generate.ts', 'generate.py']));
    expect(all.entrypoint?.file).toBe('generate.py');
    expect(all.ignored).toEqual(['generate.ts', 'generate.js']);
    const built = await detectEntrypoint(tree(['generate.js', 'generate.ts']));
    expect(built.entrypoint?.file).toBe('generate.ts');
  });

  it('finds none in a tree without one, and never counts a symlink or folder', async () => {
    const dir = tree(['main.py']);
    symlinkSync('/bin/true', join(dir, 'generate.py'));
    mkdirSync(join(dir, 'generate.ts'));
    const found = await detectEntrypoint(dir);
    expect(found.entrypoint).toBeNull();
    expect(found.rejected).toEqual(['generate.py', 'generate.ts']);
    expect(missingEntrypointMessage(found)).toMatch(
      /none of generate\.py, generate\.ts, generate\.js \(generate\.py, generate\.ts present but not a regular file\)/,
    );
  });
});
