import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDeclaredDataHash } from './check-declared-data-hash.js';
import { hashDataDir } from './hash-data-dir.js';

const made: string[] = [];
function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'rpe-declared-'));
  made.push(root);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
  return root;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// What `sha256sum` really prints for a file of the repository, run from its root.
function sha256sum(root: string, ...paths: string[]): string {
  return execFileSync('sha256sum', ['--', ...paths], { cwd: root, encoding: 'utf8' });
}

const DATA = { 'data/morphology.sqlite': 'SQLite format 3\0…', 'data/LICENSE': 'BSD-2-Clause\n' };

describe('checkDeclaredDataHash', () => {
  it('accepts the directory recipe, on whatever line it is, after an unrelated sha256:', () => {
    const root = repo(DATA);
    const actual = hashDataDir(join(root, 'data'));
    writeFileSync(
      join(root, 'README.md'),
      `# gen\n\nImage: sha256:${'ab'.repeat(32)}\n\nData hash of data/: \`${actual}\`\n`,
    );
    expect(checkDeclaredDataHash(root)).toMatchObject({
      ok: true,
      recipe: 'directory',
      declared: actual,
      actual,
      source: 'README.md line 5',
      code: null,
    });
  });

  it('accepts the sha256sum of the single data file, as the tool prints it', () => {
    const root = repo(DATA);
    const line = sha256sum(root, 'data/morphology.sqlite');
    writeFileSync(join(root, 'README.md'), `Snapshot:\n\n    ${line}\n`);
    const got = checkDeclaredDataHash(root);
    expect(got).toMatchObject({ ok: true, recipe: 'file', files: ['morphology.sqlite'] });
    expect(got.declared).toBe(`sha256:${line.split(' ')[0]}`);
    expect(got.actual).toBe(hashDataDir(join(root, 'data')));
  });

  it('wants every data file but its licence and notes covered by sha256sum lines', () => {
    const root = repo({ ...DATA, 'data/extra.tsv': 'kot\tkota\n' });
    writeFileSync(join(root, 'README.md'), sha256sum(root, 'data/morphology.sqlite'));
    const partial = checkDeclaredDataHash(root);
    expect(partial).toMatchObject({ ok: false, code: 'data_hash_mismatch' });
    expect(partial.message).toMatch(
      /sha256sum of data\/morphology\.sqlite but not of data\/extra\.tsv/,
    );
    writeFileSync(
      join(root, 'README.md'),
      sha256sum(root, 'data/morphology.sqlite', 'data/extra.tsv'),
    );
    expect(checkDeclaredDataHash(root)).toMatchObject({
      ok: true,
      recipe: 'file',
      files: ['extra.tsv', 'morphology.sqlite'],
    });
  });

  it('accepts a SHA256SUMS manifest the README names, and not one it does not', () => {
    const root = repo(DATA);
    writeFileSync(
      join(root, 'SHA256SUMS'),
      sha256sum(root, 'data/morphology.sqlite', 'data/LICENSE'),
    );
    writeFileSync(join(root, 'README.md'), '# gen\n');
    expect(checkDeclaredDataHash(root)).toMatchObject({
      ok: false,
      code: 'data_hash_missing',
      source: 'SHA256SUMS',
    });
    writeFileSync(
      join(root, 'README.md'),
      'The data files are listed with their hashes in SHA256SUMS.\n',
    );
    expect(checkDeclaredDataHash(root)).toMatchObject({
      ok: true,
      recipe: 'manifest',
      source: 'SHA256SUMS',
    });
    writeFileSync(join(root, 'data', 'morphology.sqlite'), 'changed');
    const stale = checkDeclaredDataHash(root);
    expect(stale).toMatchObject({ ok: false, code: 'data_hash_mismatch' });
    expect(stale.message).toMatch(
      /SHA256SUMS does not match data\/: data\/morphology\.sqlite is missing or hashes differently/,
    );
  });

  it('names the line about the data when nothing matches', () => {
    const root = repo(DATA);
    const wrong = `sha256:${'0'.repeat(64)}`;
    writeFileSync(
      join(root, 'README.md'),
      `Model: sha256:${'1'.repeat(64)}\nData hash: ${wrong}\n`,
    );
    const got = checkDeclaredDataHash(root);
    expect(got).toMatchObject({
      ok: false,
      code: 'data_hash_mismatch',
      declared: wrong,
      source: 'README.md line 2',
    });
    expect(got.message).toContain(
      `matches no recognised recipe: data/ hashes to ${hashDataDir(join(root, 'data'))}`,
    );
  });

  it('is data_hash_missing without a hash or a README, and says what to add', () => {
    const root = repo({ ...DATA, 'README.md': '# gen\n' });
    const got = checkDeclaredDataHash(root);
    expect(got).toMatchObject({ ok: false, code: 'data_hash_missing', readme: 'README.md' });
    expect(got.message).toContain(
      `add the line "Data hash: \`${hashDataDir(join(root, 'data'))}\`"`,
    );
    const bare = repo(DATA);
    expect(checkDeclaredDataHash(bare).message).toMatch(/the repository has no README/);
  });

  it('needs nothing without data/, unless the README declares a hash for the data', () => {
    expect(
      checkDeclaredDataHash(repo({ 'README.md': `Commit sha256:${'2'.repeat(64)}\n` })),
    ).toMatchObject({
      ok: true,
      code: null,
    });
    const declared = checkDeclaredDataHash(
      repo({ 'README.md': `Data hash: sha256:${'2'.repeat(64)}\n` }),
    );
    expect(declared).toMatchObject({ ok: false, code: 'data_hash_mismatch' });
    expect(declared.message).toMatch(/has no data\/ folder/);
  });

  it('is data_unsafe_entry for a dangling data symlink, a symlink inside data/ or a data file', () => {
    const dangling = repo({ 'README.md': '# gen\n' });
    symlinkSync(join(dangling, 'nowhere'), join(dangling, 'data'));
    expect(checkDeclaredDataHash(dangling)).toMatchObject({ ok: false, code: 'data_unsafe_entry' });
    const inside = repo(DATA);
    symlinkSync('/etc/hostname', join(inside, 'data', 'link'));
    // Named as the repository names it, wherever the repository is.
    expect(checkDeclaredDataHash(inside).message).toMatch(/^data\/link is a symlink/);
    const file = repo({ data: 'not a folder' });
    expect(checkDeclaredDataHash(file)).toMatchObject({ ok: false, code: 'data_unsafe_entry' });
  });
});
