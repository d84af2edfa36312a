import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSubmissionList } from './read-submission-list.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const tmp = temporaryFolder('rpe-list-');

describe('readSubmissionList', () => {
  it('reads folders relative to the list, git-url@ref lines, and skips comments and blanks', async () => {
    const list = join(tmp, 'list.txt');
    writeFileSync(
      list,
      [
        '# round 1',
        'teams/alpha',
        '',
        'https://example.org/poleval/gen.git@v1.2',
        'git@example.org:poleval/other.git@0123abcd',
        '/abs/path/beta',
      ].join('\n'),
    );
    expect(await readSubmissionList(list)).toEqual([
      { kind: 'folder', name: 'alpha', path: join(tmp, 'teams', 'alpha') },
      { kind: 'git', name: 'gen-v1.2', url: 'https://example.org/poleval/gen.git', ref: 'v1.2' },
      {
        kind: 'git',
        name: 'other-0123abcd',
        url: 'git@example.org:poleval/other.git',
        ref: '0123abcd',
      },
      { kind: 'folder', name: 'beta', path: '/abs/path/beta' },
    ]);
  });

  it('keeps a scp-style URL without a ref whole, as a folder path, rather than splitting it', async () => {
    const list = join(tmp, 'scp.txt');
    writeFileSync(list, 'git@example.org:poleval/x.git\n');
    const [only] = await readSubmissionList(list);
    expect(only?.kind).toBe('folder');
  });

  it('makes names unique and safe for folder names', async () => {
    const list = join(tmp, 'dup.txt');
    writeFileSync(list, 'a/sub mission\nb/sub mission\n');
    expect((await readSubmissionList(list)).map((s) => s.name)).toEqual([
      'sub-mission',
      'sub-mission-2',
    ]);
  });

  it('gives a name that another submission already has to neither: x1/a, x2/a and a-2', async () => {
    const list = join(tmp, 'collide.txt');
    writeFileSync(list, 'x1/a\nx2/a\na-2\n');
    const sources = await readSubmissionList(list);
    expect(sources.map((s) => [s.name, s.renamedFrom])).toEqual([
      ['a', undefined],
      ['a-3', 'a'],
      ['a-2', undefined],
    ]);
    expect(new Set(sources.map((s) => s.name)).size).toBe(3);
  });

  it('lists the sub-folders of a folder in order, skipping hidden ones and files', async () => {
    const dir = join(tmp, 'subs');
    for (const name of ['zeta', 'alpha', '.work']) mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, 'notes.txt'), '');
    expect((await readSubmissionList(dir)).map((s) => s.name)).toEqual(['alpha', 'zeta']);
  });

  it('refuses an empty list and a missing path', async () => {
    const empty = join(tmp, 'empty.txt');
    writeFileSync(empty, '# nothing\n\n');
    await expect(readSubmissionList(empty)).rejects.toThrow(/lists no submissions/);
    await expect(readSubmissionList(join(tmp, 'missing'))).rejects.toThrow(/cannot read/);
  });
});
