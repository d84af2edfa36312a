import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findDeclaredDataHash } from './find-declared-data-hash.js';
import { hashDataDir } from './hash-data-dir.js';

const PIPELINE =
  "(cd \"$1\" && find . -type f -printf '%P\\0' | LC_ALL=C sort -z | xargs -0 -r sha256sum --zero --) | tr '\\0' '\\n' | sha256sum";

// The DESIGN.md recipe run by the real shell tools: the reference the hash must equal.
function shellHash(dir: string): string {
  const out = execFileSync('bash', ['-c', PIPELINE, 'hash', dir], { encoding: 'utf8' });
  return `sha256:${out.split(' ')[0]}`;
}

const made: string[] = [];
function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'rpe-hash-'));
  made.push(root);
  const data = join(root, 'data');
  mkdirSync(data);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(data, rel, '..'), { recursive: true });
    writeFileSync(join(data, rel), content);
  }
  return data;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('hashDataDir', () => {
  it('equals the find | sort | sha256sum pipeline on nested, spaced and non-ASCII names', () => {
    const data = tree({
      'morphology.sqlite': Buffer.from([0, 1, 2, 255]),
      LICENSE: 'BSD-2-Clause\n',
      'a b/c d.tsv': 'x\ty\n',
      'łódź/źdźbło.txt': 'trawa',
      'Z/upper.txt': 'sorted before lower case in C locale',
      'z/lower.txt': '',
      'back\\slash.txt': 'backslash',
      'new\nline.txt': 'newline in a name',
      'deep/er/and/deeper/x': 'x',
      '.hidden/.dotfile': 'hidden files count too',
      'a.b': 'sorts before a/ by byte',
      'a/b': 'after a.b',
    });
    mkdirSync(join(data, 'empty', 'folders'), { recursive: true });
    expect(hashDataDir(data)).toBe(shellHash(data));
    expect(hashDataDir(`${data}/`)).toBe(shellHash(data));
    expect(hashDataDir(data)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('hashes names that are not UTF-8 byte for byte', () => {
    const data = tree({ 'plain.txt': 'p' });
    const odd = Buffer.concat([Buffer.from(`${data}/`), Buffer.from([0x6e, 0xff, 0x6e])]);
    writeFileSync(odd, 'odd');
    expect(hashDataDir(data)).toBe(shellHash(data));
  });

  it('changes when a byte of a file changes', () => {
    const a = tree({ 'f.txt': 'kot' });
    const b = tree({ 'f.txt': 'kos' });
    expect(hashDataDir(a)).not.toBe(hashDataDir(b));
  });

  it('hashes an empty folder as the pipeline does (sha256 of nothing)', () => {
    const data = tree({});
    expect(hashDataDir(data)).toBe(shellHash(data));
  });

  it('rejects a symlink anywhere under the folder, naming it', () => {
    const data = tree({ 'sub/real.txt': 'r' });
    symlinkSync('/etc/passwd', join(data, 'sub', 'link'));
    expect(() => hashDataDir(data)).toThrow(expect.objectContaining({ code: 'data_unsafe_entry' }));
    expect(() => hashDataDir(data)).toThrow(`${join(data, 'sub', 'link')} is a symlink`);
  });

  it('rejects a named pipe and a symlinked data folder', () => {
    const data = tree({ 'a.txt': 'a' });
    execFileSync('mkfifo', [join(data, 'pipe')]);
    expect(() => hashDataDir(data)).toThrow(/pipe is a named pipe/);
    const link = join(data, '..', 'data-link');
    symlinkSync(data, link);
    expect(() => hashDataDir(link)).toThrow(expect.objectContaining({ code: 'data_unsafe_entry' }));
  });

  it('reports a missing folder as data_missing', () => {
    expect(() => hashDataDir('/nonexistent/rpe/data')).toThrow(
      expect.objectContaining({ code: 'data_missing', exitCode: 2 }),
    );
  });
});

describe('findDeclaredDataHash', () => {
  const hex = 'ab'.repeat(32);
  it('finds the first sha256:<64 hex> and lower-cases it', () => {
    expect(
      findDeclaredDataHash(`Data hash: \`sha256:${hex.toUpperCase()}\`\nsha256:${'cd'.repeat(32)}`),
    ).toBe(`sha256:${hex}`);
  });
  it('ignores too short or too long hex runs', () => {
    expect(findDeclaredDataHash(`sha256:${hex.slice(2)}`)).toBeNull();
    expect(findDeclaredDataHash(`sha256:${hex}ab`)).toBeNull();
    expect(findDeclaredDataHash('no hash here')).toBeNull();
  });
});
