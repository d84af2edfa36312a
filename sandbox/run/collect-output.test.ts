import { createHash } from 'node:crypto';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { collectOutput } from './collect-output.js';
import { temporaryFolder } from '../../tests/temporary-folder.js';

const dir = temporaryFolder('rpe-collect-');

describe('collectOutput', () => {
  it('reads a regular file and hashes its bytes', async () => {
    const file = join(dir, 'ok.jsonl');
    writeFileSync(file, '{"input":"a","gold":"b"}\n');
    const got = await collectOutput(file, 1000);
    expect(got.status).toBe('ok');
    expect(got.output?.toString()).toBe('{"input":"a","gold":"b"}\n');
    expect(got.outputSha256).toBe(
      createHash('sha256').update('{"input":"a","gold":"b"}\n').digest('hex'),
    );
  });

  it('is no_output when the file is missing', async () => {
    expect((await collectOutput(join(dir, 'missing'), 1000)).status).toBe('no_output');
  });

  it('refuses a symlink without following it, even to a readable file', async () => {
    const link = join(dir, 'link.jsonl');
    symlinkSync('/etc/hostname', link);
    const got = await collectOutput(link, 1000);
    expect(got.status).toBe('unsafe_output');
    expect(got.output).toBeUndefined();
  });

  it('refuses a named pipe (reading it would block forever)', async () => {
    const fifo = join(dir, 'fifo.jsonl');
    execFileSync('mkfifo', [fifo]);
    expect((await collectOutput(fifo, 1000)).status).toBe('unsafe_output');
  });

  it('checks the size before reading', async () => {
    const file = join(dir, 'big.jsonl');
    writeFileSync(file, Buffer.alloc(2001, 0x61));
    const got = await collectOutput(file, 2000);
    expect(got).toMatchObject({ status: 'output_limit', bytes: 2001 });
    expect(got.output).toBeUndefined();
    expect((await collectOutput(file, 2001)).status).toBe('ok');
  });
});
