import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../framework/index.js';
import { testGit as git } from '../../tests/test-git.js';
import { hashTree } from './hash-tree.js';
import { prepareSubmissionTree } from './prepare-submission-tree.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const scratch = temporaryFolder('rpe-prepare-');

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(scratch, 'rpe-prepare-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

function files(dir: string, prefix = ''): string[] {
  return execFileSync('find', ['.', '-type', 'f', '-o', '-type', 'l'], {
    cwd: dir,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
    .map((p) => `${prefix}${p.slice(2)}`)
    .sort();
}

const SUBMISSION = {
  'generate.py': 'print("committed")\n',
  '.gitignore': 'node_modules/\n*.log\nbuild/\n',
  'data/words.tsv': 'kot\n',
  'node_modules/pkg/index.js': 'x',
  'debug.log': 'noise',
  'build/out.txt': 'x',
};

describe('prepareSubmissionTree', () => {
  it('in a git repository: the commit of HEAD, with uncommitted changes listed and not copied', async () => {
    const dir = folder(SUBMISSION);
    git(dir, 'init', '--quiet');
    git(dir, 'add', '.');
    git(dir, 'commit', '--quiet', '-m', 'first');
    const head = git(dir, 'rev-parse', 'HEAD');
    writeFileSync(join(dir, 'generate.py'), 'print("edited")\n');
    writeFileSync(join(dir, 'new.py'), 'untracked\n');
    const index = readFileSync(join(dir, '.git', 'index'));
    const tree = await prepareSubmissionTree({ dir });
    try {
      expect(tree).toMatchObject({
        selection: 'git',
        commit: head,
        ref: 'HEAD',
        uncommitted: ['generate.py', 'new.py'],
        uncommittedTotal: 2,
      });
      expect(files(tree.dir)).toEqual(['.gitignore', 'data/words.tsv', 'generate.py']);
      expect(readFileSync(join(tree.dir, 'generate.py'), 'utf8')).toBe('print("committed")\n');
      // The repository's own index and work tree are untouched.
      expect(readFileSync(join(dir, '.git', 'index'))).toEqual(index);
      expect(readFileSync(join(dir, 'generate.py'), 'utf8')).toBe('print("edited")\n');
      // Nothing of this toolkit sits beside the tree for an import to find: as in the sandbox,
      // a generator gets only what its own lock installs.
      expect(existsSync(join(tree.dir, '..', 'node_modules'))).toBe(false);
    } finally {
      await tree.dispose();
    }
    expect(existsSync(tree.dir)).toBe(false);
  });

  it('--ref picks another commit or tag, and refuses one that does not exist', async () => {
    const dir = folder({ 'generate.py': 'v1\n' });
    git(dir, 'init', '--quiet');
    git(dir, 'add', '.');
    git(dir, 'commit', '--quiet', '-m', 'v1');
    git(dir, 'tag', 'v1');
    const v1 = git(dir, 'rev-parse', 'HEAD');
    writeFileSync(join(dir, 'generate.py'), 'v2\n');
    git(dir, 'commit', '--quiet', '-am', 'v2');
    const tree = await prepareSubmissionTree({ dir, ref: 'v1' });
    expect(tree).toMatchObject({ commit: v1, ref: 'v1', uncommitted: ['generate.py'] });
    expect(readFileSync(join(tree.dir, 'generate.py'), 'utf8')).toBe('v1\n');
    await tree.dispose();
    await expect(prepareSubmissionTree({ dir, ref: 'nope' })).rejects.toMatchObject({
      code: 'git_ref_missing',
      exitCode: 2,
    });
    await expect(prepareSubmissionTree({ dir: folder({}), ref: 'v1' })).rejects.toMatchObject({
      code: 'not_a_repository',
    });
  });

  it('outside git: the folder without .git/, node_modules/ and what .gitignore files exclude', async () => {
    const dir = folder({
      ...SUBMISSION,
      'sub/.gitignore': 'local.txt\n',
      'sub/local.txt': 'ignored below sub/',
      'local.txt': 'kept at the root',
      'sub/node_modules/x.js': 'x',
    });
    mkdirSync(join(dir, '.git'));
    symlinkSync('generate.py', join(dir, 'link.py'));
    const tree = await prepareSubmissionTree({ dir });
    try {
      expect(tree.selection).toBe('folder');
      expect(files(tree.dir)).toEqual([
        '.gitignore',
        'data/words.tsv',
        'generate.py',
        'link.py',
        'local.txt',
        'sub/.gitignore',
      ]);
      expect(lstatSync(join(tree.dir, 'link.py')).isSymbolicLink()).toBe(true);
      expect(tree.leftOut).toEqual([
        '.git/',
        'build/',
        'debug.log',
        'node_modules/',
        'sub/local.txt',
        'sub/node_modules/',
      ]);
    } finally {
      await tree.dispose();
    }
  });

  it('a repository with no commit yet: its files, with a note', async () => {
    const dir = folder({ 'generate.py': 'x\n' });
    git(dir, 'init', '--quiet');
    const tree = await prepareSubmissionTree({ dir });
    expect(tree.selection).toBe('folder');
    expect(tree.notes.join(' ')).toMatch(/no commit yet/);
    await tree.dispose();
  });

  it("checks the toolkit's own demonstration generators in place, and hashes a tree as it is", async () => {
    const example = packagePath('examples', 'past-tense-gender');
    const tree = await prepareSubmissionTree({ dir: example });
    expect(tree).toMatchObject({ selection: 'in_place', dir: example });
    await tree.dispose();
    expect(existsSync(example)).toBe(true);
    const plain = folder({ 'generate.py': 'x\n', 'node_modules/a.js': '' });
    const copy = await prepareSubmissionTree({ dir: plain });
    expect(await hashTree(copy.dir)).toBe(await hashTree(folder({ 'generate.py': 'x\n' })));
    await copy.dispose();
  });
});
