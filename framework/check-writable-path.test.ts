import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkWritablePath } from './check-writable-path.js';
import { writeFileAtomic } from './write-file-atomic.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-writable-'));
  writeFileSync(join(dir, 'file'), 'x');
  mkdirSync(join(dir, 'folder'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('checkWritablePath', () => {
  it('accepts a new file or folder, however deep, and creates nothing', () => {
    expect(() => checkWritablePath(join(dir, 'a', 'b', 'm.json'), 'file')).not.toThrow();
    expect(() => checkWritablePath(join(dir, 'file'), 'file')).not.toThrow();
    expect(() => checkWritablePath(join(dir, 'folder'), 'folder')).not.toThrow();
    expect(() => checkWritablePath(join(dir, 'new', 'out'), 'folder')).not.toThrow();
    expect(readdirSync(dir).sort()).toEqual(['file', 'folder']);
  });

  it.each([
    ['file/m.json', 'file', /file\/m\.json: \S*file is a file, not a folder$/],
    ['file/a/b', 'folder', /file\/a\/b: \S*file is a file, not a folder$/],
    ['folder', 'file', /folder: it is a folder$/],
    ['file', 'folder', /file: it is a file, not a folder$/],
  ] as const)('refuses %s as a %s', (path, kind, message) => {
    expect(() => checkWritablePath(join(dir, path), kind)).toThrow(
      expect.objectContaining({
        code: 'output_unwritable',
        exitCode: 2,
        message: expect.stringMatching(message),
      }),
    );
  });

  it('refuses to replace an input of the same command, however it is named', () => {
    expect(() =>
      checkWritablePath(join(dir, 'folder', '..', 'file'), 'file', { inputs: [join(dir, 'file')] }),
    ).toThrow(/: it is \S+file, an input of this command$/);
    expect(() =>
      checkWritablePath(join(dir, 'new.json'), 'file', { inputs: [join(dir, 'file')] }),
    ).not.toThrow();
  });

  it('refuses a device', () => {
    expect(() => checkWritablePath('/dev/null', 'file')).toThrow(
      'cannot write /dev/null: it is not a regular file',
    );
  });
});

describe('writeFileAtomic', () => {
  it('reports the write that failed, not the clean-up after it', () => {
    expect(() => writeFileAtomic(join(dir, 'file', 'a', 'm.json'), 'x')).toThrow(
      expect.objectContaining({
        code: 'output_unwritable',
        message: expect.stringMatching(/file\/a\/m\.json: a part of the path is not a folder$/),
      }),
    );
  });
});
