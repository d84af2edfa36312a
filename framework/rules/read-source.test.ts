import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../../tests/temporary-folder.js';
import { MAX_SOURCE_BYTES, readSource } from './read-source.js';

const dir = temporaryFolder('rpe-read-source-');

describe('readSource', () => {
  it('reads a regular file whole, up to the cap', () => {
    writeFileSync(join(dir, 'items.jsonl'), '{"input":"a","gold":"b"}\n');
    expect(Buffer.from(readSource(join(dir, 'items.jsonl'))).toString()).toBe(
      '{"input":"a","gold":"b"}\n',
    );
    writeFileSync(join(dir, 'exact'), Buffer.alloc(1000));
    expect(readSource(join(dir, 'exact'), { maxBytes: 1000 }).length).toBe(1000);
  });

  it('refuses a file above the cap, naming the cap', () => {
    expect(MAX_SOURCE_BYTES).toBe(16 * 1024 * 1024);
    writeFileSync(join(dir, 'big'), Buffer.alloc(1001));
    expect(() => readSource(join(dir, 'big'), { maxBytes: 1000 })).toThrow(
      /big: it is larger than 1000 bytes, the cap for an input file/,
    );
  });

  it('refuses a named pipe, a device and a folder without opening them', () => {
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    expect(() => readSource(join(dir, 'pipe'))).toThrow(
      /pipe: it is a named pipe, not a regular file/,
    );
    expect(() => readSource('/dev/zero')).toThrow(
      /\/dev\/zero: it is a device, not a regular file/,
    );
    mkdirSync(join(dir, 'folder'));
    expect(() => readSource(join(dir, 'folder'))).toThrow(/folder: it is a folder/);
  });

  it('names the file and the reason when it cannot be read', () => {
    expect(() => readSource(join(dir, 'missing'))).toThrow(
      /^cannot read .*missing: no such file or folder$/,
    );
    writeFileSync(join(dir, 'plain'), 'x');
    expect(() => readSource(join(dir, 'plain', 'below'))).toThrow(
      /below: a part of the path is not a folder$/,
    );
  });
});
