import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stageSubmission } from './stage-submission.js';

const made: string[] = [];
const listed = (dir: string) =>
  execFileSync('ls', ['-U', dir], { encoding: 'utf8' }).trim().split('\n');
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tree(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'stage-test-'));
  made.push(root);
  const src = join(root, 'src');
  await mkdir(join(src, 'data', 'sub'), { recursive: true });
  await mkdir(join(src, '.git'));
  await writeFile(join(src, '.git', 'HEAD'), 'ref');
  for (const name of ['a', 'b', 'c', 'd']) await writeFile(join(src, 'data', name), name);
  await writeFile(join(src, 'generate.py'), 'print(1)', { mode: 0o600 });
  await symlink('data/a', join(src, 'link'));
  return root;
}

describe('stageSubmission', () => {
  it('copies files, folders and symlinks, leaves out .git, and makes everything readable', async () => {
    const root = await tree();
    await stageSubmission(join(root, 'src'), join(root, 'copy'), { reverse: false });
    expect((await readdir(join(root, 'copy'))).sort()).toEqual(['data', 'generate.py', 'link']);
    expect(await readlink(join(root, 'copy', 'link'))).toBe('data/a');
    expect((await stat(join(root, 'copy', 'generate.py'))).mode & 0o777).toBe(0o644);
    expect((await stat(join(root, 'copy'))).mode & 0o777).toBe(0o755);
  });

  it('creates entries in opposite orders, which a tmpfs lists back differently', async () => {
    // /dev/shm is a tmpfs, whose listing follows creation order; Node's readdir sorts, `ls -U` not.
    const root = await mkdtemp(join('/dev/shm', 'stage-test-'));
    made.push(root);
    const src = join(root, 'src');
    await mkdir(src);
    for (const name of ['a', 'b', 'c', 'd']) await writeFile(join(src, name), name);
    await stageSubmission(src, join(root, 'forward'), { reverse: false });
    await stageSubmission(src, join(root, 'backward'), { reverse: true });
    const forward = listed(join(root, 'forward'));
    const backward = listed(join(root, 'backward'));
    expect([...forward].sort()).toEqual([...backward].sort());
    expect(backward).toEqual([...forward].reverse());
  });
});
