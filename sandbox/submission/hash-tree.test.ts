import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashTree } from './hash-tree.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const scratch = temporaryFolder('rpe-tree-');

function shellHash(dir: string): string {
  const script =
    "find . -path ./.git -prune -o -type f -printf '%P\\0' | LC_ALL=C sort -z | xargs -0 -r sha256sum --zero -- | tr '\\0' '\\n' | sha256sum";
  return `sha256:${execFileSync('sh', ['-c', script], { cwd: dir, encoding: 'utf8' }).split(' ')[0]}`;
}

function sample(): string {
  const dir = mkdtempSync(join(scratch, 'rpe-tree-'));
  mkdirSync(join(dir, 'data', 'sub'), { recursive: true });
  writeFileSync(join(dir, 'generate.py'), 'print(1)\n');
  writeFileSync(join(dir, 'data', 'sub', 'Zeta.tsv'), 'a\tb\n');
  writeFileSync(join(dir, 'data', 'alpha.tsv'), 'ą\n');
  writeFileSync(join(dir, 'README.md'), '# x\n');
  return dir;
}

describe('hashTree', () => {
  it('equals the shell recipe for a tree of regular files', async () => {
    const dir = sample();
    expect(await hashTree(dir)).toBe(shellHash(dir));
  });

  it('leaves .git out and changes with any content or name', async () => {
    const dir = sample();
    const before = await hashTree(dir);
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git', 'HEAD'), 'ref\n');
    expect(await hashTree(dir)).toBe(before);
    writeFileSync(join(dir, 'data', 'alpha.tsv'), 'a\n');
    const edited = await hashTree(dir);
    expect(edited).not.toBe(before);
    writeFileSync(join(dir, 'new.txt'), '');
    expect(await hashTree(dir)).not.toBe(edited);
  });

  it('hashes a symlink by its target text without following it', async () => {
    const a = sample();
    symlinkSync('/etc/hostname', join(a, 'link'));
    const first = await hashTree(a);
    const b = sample();
    symlinkSync('/etc/hosts', join(b, 'link'));
    expect(await hashTree(b)).not.toBe(first);
    expect(first).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
