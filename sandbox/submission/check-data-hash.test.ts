import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashDataDir } from '../../framework/index.js';
import { checkDataHash } from './check-data-hash.js';

function submission(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rpe-data-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('checkDataHash', () => {
  it('passes when the README declares the hash of data/', async () => {
    const dir = submission({ 'data/words.txt': 'kot\n' });
    const actual = hashDataDir(join(dir, 'data'));
    writeFileSync(join(dir, 'README.md'), `Data hash: \`${actual}\`\n`);
    expect(await checkDataHash(dir)).toEqual({
      declared: actual,
      actual,
      ok: true,
      readme: 'README.md',
    });
  });

  it('passes a submission with no data/ and nothing declared', async () => {
    const got = await checkDataHash(submission({ 'README.md': '# no data\n' }));
    expect(got).toMatchObject({ ok: true, declared: null, actual: null });
  });

  it('is data_hash_missing when data/ exists and no hash is declared, and says what to add', async () => {
    const dir = submission({ 'data/words.txt': 'kot\n', 'README.md': '# x\n' });
    const got = await checkDataHash(dir);
    expect(got.code).toBe('data_hash_missing');
    expect(got.message).toContain(hashDataDir(join(dir, 'data')));
    const noReadme = await checkDataHash(submission({ 'data/words.txt': 'kot\n' }));
    expect(noReadme).toMatchObject({ code: 'data_hash_missing', readme: null });
    expect(noReadme.message).toMatch(/no README/);
  });

  it('is data_hash_mismatch for a wrong hash, a missing data/ or a symlink in data/', async () => {
    const wrong = `sha256:${'0'.repeat(64)}`;
    const dir = submission({ 'data/words.txt': 'kot\n', 'README.md': `Data hash: ${wrong}\n` });
    expect(await checkDataHash(dir)).toMatchObject({
      code: 'data_hash_mismatch',
      declared: wrong,
      ok: false,
    });
    const noData = await checkDataHash(submission({ 'README.md': `Data hash: ${wrong}\n` }));
    expect(noData.message).toMatch(/no data\/ folder/);
    const linked = submission({ 'data/words.txt': 'kot\n', 'README.md': `Data hash: ${wrong}\n` });
    symlinkSync('/etc/passwd', join(linked, 'data', 'passwd'));
    const got = await checkDataHash(linked);
    expect(got).toMatchObject({ code: 'data_hash_mismatch', actual: null });
    expect(got.message).toMatch(/symlink/);
  });
});
