import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../temporary-folder.js';
import { expectOneLineError, fixture, rpe } from './run-rpe.js';

const tmp = temporaryFolder('rpe-hash-cli-');

function shellHash(dir: string): string {
  const pipeline =
    "(cd \"$1\" && find . -type f -printf '%P\\0' | LC_ALL=C sort -z | xargs -0 -r sha256sum --zero --) | tr '\\0' '\\n' | sha256sum";
  return `sha256:${execFileSync('bash', ['-c', pipeline, 'hash', dir], { encoding: 'utf8' }).split(' ')[0]}`;
}

describe('rpe hash', () => {
  it('prints the data hash, equal to the shell recipe', () => {
    const data = fixture('repo-hash-match', 'data');
    const r = rpe(['hash', data]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${shellHash(data)}\n`);
    expect(JSON.parse(rpe(['hash', data, '--json']).stdout)).toEqual({
      dir: data,
      hash: shellHash(data),
    });
  });

  it('--check: exit 0 when README.md declares the hash of data/', () => {
    const r = rpe(['hash', '--check', fixture('repo-hash-match'), '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.ok).toBe(true);
    expect(json.declared).toBe(json.actual);
  });

  it('--check: exit 1 on a mismatch, saying so', () => {
    const r = rpe(['hash', '--check', fixture('repo-hash-mismatch')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ok\t0$/m);
    expectOneLineError(
      r,
      /README\.md line 3 declares sha256:[0-9a-f]{64}, which matches no recognised recipe: data\/ hashes to sha256:/,
    );
  });

  it('--check: exit 1 when no hash is declared, saying so', () => {
    const r = rpe(['hash', '--check', fixture('repo-no-hash'), '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ declared: null, ok: false });
    expectOneLineError(r, /README\.md declares no data hash; add the line "Data hash: `sha256:/);
  });

  it('--check: reads README without extension, and passes a repository with no data/ and no hash', () => {
    const repo = join(tmp, 'plain-readme');
    cpSync(fixture('repo-hash-match'), repo, { recursive: true });
    renameSync(join(repo, 'README.md'), join(repo, 'README'));
    expect(rpe(['hash', '--check', repo]).code).toBe(0);
    rmSync(join(repo, 'data'), { recursive: true });
    const declaredNoData = rpe(['hash', '--check', repo]);
    expect(declaredNoData.code).toBe(1);
    expectOneLineError(
      declaredNoData,
      /README line 3 declares sha256:\S+ for the data, but the repository has no data\/ folder/,
    );
    writeFileSync(join(repo, 'README'), 'A generator without data.\n');
    const nothing = rpe(['hash', '--check', repo, '--json']);
    expect(nothing.code).toBe(0);
    expect(JSON.parse(nothing.stdout)).toMatchObject({
      declared: null,
      actual: null,
      ok: true,
      recipe: null,
    });
  });

  it('rejects a symlink under data/ with exit 1, naming it', () => {
    const repo = join(tmp, 'repo-with-link');
    cpSync(fixture('repo-hash-match'), repo, { recursive: true });
    symlinkSync('/etc/hostname', join(repo, 'data', 'nested folder', 'link'));
    const r = rpe(['hash', join(repo, 'data')]);
    expect(r.code).toBe(1);
    expectOneLineError(r, /nested folder\/link is a symlink/);
    expect(rpe(['hash', '--check', repo]).code).toBe(1);
  });

  it('--check: accepts the sha256sum of the single data file and says which recipe matched', () => {
    const repo = join(tmp, 'single-file');
    cpSync(fixture('repo-hash-match'), repo, { recursive: true });
    rmSync(join(repo, 'data'), { recursive: true });
    mkdirSync(join(repo, 'data'));
    writeFileSync(join(repo, 'data', 'lexicon.tsv'), 'kot\tkota\n');
    writeFileSync(join(repo, 'data', 'LICENSE'), 'CC0\n');
    const line = execFileSync('sha256sum', ['data/lexicon.tsv'], { cwd: repo, encoding: 'utf8' });
    writeFileSync(join(repo, 'README.md'), `# x\n\n${line}`);
    const r = rpe(['hash', '--check', repo]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^recipe\tfile\tlexicon\.tsv$/m);
    expect(JSON.parse(rpe(['hash', '--check', repo, '--json']).stdout)).toMatchObject({
      ok: true,
      recipe: 'file',
      source: 'README.md line 3',
      files: ['lexicon.tsv'],
    });
  });

  it('--check: a dangling data symlink fails, as it does in rpe check', () => {
    const repo = join(tmp, 'dangling');
    mkdirSync(repo);
    writeFileSync(join(repo, 'README.md'), '# x\n');
    symlinkSync(join(repo, 'gone'), join(repo, 'data'));
    const r = rpe(['hash', '--check', repo, '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, code: 'data_unsafe_entry' });
    expectOneLineError(r, /data is a symlink; the data folder must be a real folder/);
  });

  it('exit 2 for a missing folder or repository, and for no argument', () => {
    expect(rpe(['hash', '--check', join(tmp, 'no-repo')]).code).toBe(2);
    const r = rpe(['hash', join(tmp, 'absent')]);
    expect(r.code).toBe(2);
    expectOneLineError(r, /absent does not exist/);
    const none = rpe(['hash']);
    expect(none.code).toBe(2);
    expectOneLineError(none, /give either a folder to hash or --check REPO/);
  });
});
