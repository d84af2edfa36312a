import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
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

  it("never names a submission as the batch's own files: summary.md, summary.csv, .work", async () => {
    const list = join(tmp, 'reserved.txt');
    writeFileSync(list, 'x/summary.md\nx/summary.csv\nx/.work\nx/..hidden\n');
    expect((await readSubmissionList(list)).map((s) => [s.name, s.renamedFrom])).toEqual([
      ['summary.md-2', 'summary.md'],
      ['summary.csv-2', 'summary.csv'],
      ['work', undefined],
      ['hidden', undefined],
    ]);
  });

  it('cuts a name too long for a folder, leaving room for a repeat and an attempt', async () => {
    const list = join(tmp, 'long.txt');
    writeFileSync(list, `x/${'t'.repeat(254)}\ny/${'t'.repeat(254)}\n`);
    const names = (await readSubmissionList(list)).map((s) => s.name);
    expect(names).toEqual(['t'.repeat(200), `${'t'.repeat(200)}-2`]);
  });

  it("follows a folder's link to a folder, and leaves out the batch's --out inside it", async () => {
    const dir = join(tmp, 'linked');
    mkdirSync(join(dir, 'team-y'), { recursive: true });
    mkdirSync(join(tmp, 'elsewhere', 'x'), { recursive: true });
    symlinkSync(join(tmp, 'elsewhere', 'x'), join(dir, 'team-x'));
    symlinkSync(join(tmp, 'nothing-here'), join(dir, 'dangling'));
    mkdirSync(join(dir, 'out'));
    const sources = await readSubmissionList(dir, { exclude: join(dir, 'out') });
    expect(sources.map((s) => s.name)).toEqual(['team-x', 'team-y']);
    expect((await readSubmissionList(dir)).map((s) => s.name)).toEqual(['out', 'team-x', 'team-y']);
  });

  it('refuses an empty list and a missing path', async () => {
    const empty = join(tmp, 'empty.txt');
    writeFileSync(empty, '# nothing\n\n');
    await expect(readSubmissionList(empty)).rejects.toThrow(/lists no submissions/);
    await expect(readSubmissionList(join(tmp, 'missing'))).rejects.toThrow(/cannot read/);
  });
});
