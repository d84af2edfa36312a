import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tar from 'tar-stream';
import { afterEach, describe, expect, it } from 'vitest';
import { packTree } from './pack-tree.js';

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

interface Seen {
  name: string;
  type: string;
  mode: number;
  uid: number;
  linkname: string | null;
  body: string;
}

// Every entry of an archive, in order, with the bytes of its files.
async function entriesOf(archive: NodeJS.ReadableStream): Promise<Seen[]> {
  const extract = tar.extract();
  const seen: Seen[] = [];
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      seen.push({
        name: header.name,
        type: header.type ?? 'file',
        mode: header.mode ?? 0,
        uid: header.uid ?? -1,
        linkname: header.linkname ?? null,
        body: Buffer.concat(chunks).toString(),
      });
      next();
    });
  });
  await new Promise((resolve, reject) => {
    extract.on('finish', resolve);
    extract.on('error', reject);
    archive.pipe(extract);
  });
  return seen;
}

async function tree(): Promise<string> {
  const src = await mkdtemp(join(tmpdir(), 'pack-test-'));
  made.push(src);
  await mkdir(join(src, 'data', 'sub'), { recursive: true });
  await mkdir(join(src, '.git'));
  await mkdir(join(src, 'node_modules', 'x'), { recursive: true });
  await writeFile(join(src, '.git', 'HEAD'), 'ref');
  for (const name of ['d', 'b', 'c', 'a']) await writeFile(join(src, 'data', name), name);
  await writeFile(join(src, 'generate.py'), 'print(1)', { mode: 0o700 });
  await writeFile(join(src, 'secret'), 's', { mode: 0o600 });
  await symlink('/etc/passwd', join(src, 'link'));
  return src;
}

describe('packTree', () => {
  it('packs folders in name order, symlinks as symlinks, owned by root and readable by all', async () => {
    const src = await tree();
    const packed = await packTree(src, { skipTopLevel: ['node_modules'] });
    const seen = await entriesOf(packed.archive());
    expect(seen.map((e) => e.name)).toEqual([
      'data/',
      'data/a',
      'data/b',
      'data/c',
      'data/d',
      'data/sub/',
      'generate.py',
      'link',
      'secret',
    ]);
    expect(packed.entries).toBe(9);
    expect(packed.bytes).toBe(4 + 'print(1)'.length + 1);
    const byName = new Map(seen.map((e) => [e.name, e]));
    // Not followed: the archive holds the link, not /etc/passwd.
    expect(byName.get('link')).toMatchObject({
      type: 'symlink',
      linkname: '/etc/passwd',
      body: '',
    });
    expect(byName.get('generate.py')).toMatchObject({ mode: 0o744, uid: 0, body: 'print(1)' });
    expect(byName.get('secret')?.mode).toBe(0o644);
    expect(byName.get('data/')).toMatchObject({ type: 'directory', mode: 0o755 });
    // A second archive of the same tree is the same.
    expect(await entriesOf(packed.archive())).toEqual(seen);
  });

  it('adds folders of the install step owned by its user', async () => {
    const src = await tree();
    const packed = await packTree(src, {
      skipTopLevel: ['node_modules'],
      ownFolders: [{ name: 'node_modules', uid: 10002 }],
    });
    const [first] = await entriesOf(packed.archive());
    expect(first).toMatchObject({ name: 'node_modules/', type: 'directory', uid: 10002 });
  });
});
