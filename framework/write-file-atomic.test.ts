import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeFilesAtomic } from './write-file-atomic.js';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rpe-atomic-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temporary file', () => {
    const dir = scratch();
    const file = join(dir, 'out', 'items.jsonl');
    writeFileAtomic(file, 'first\n');
    writeFileAtomic(file, 'second\n');
    expect(readFileSync(file, 'utf8')).toBe('second\n');
    expect(readdirSync(join(dir, 'out'))).toEqual(['items.jsonl']);
  });

  it('fails with one clear error and removes its temporary file when the rename fails', () => {
    const dir = scratch();
    const target = join(dir, 'report.json');
    // A non-empty folder where the file should go makes the rename fail after the write.
    mkdirSync(join(target, 'x'), { recursive: true });
    expect(() => writeFileAtomic(target, '{}')).toThrow(/^cannot write .*report\.json: /);
    expect(readdirSync(dir)).toEqual(['report.json']);
    expect(readdirSync(target)).toEqual(['x']);
  });

  it('names the file, not the clean-up, when a file stands where its folder should be', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'f'), 'a file');
    expect(() => writeFileAtomic(join(dir, 'f', 'items.jsonl'), '{}')).toThrow(
      /^cannot write .*f\/items\.jsonl: a part of the path is not a folder$/,
    );
    expect(readdirSync(dir)).toEqual(['f']);
  });
});

describe('writeFileAtomic and links', () => {
  it('writes nothing through a link planted where a temporary file would be', () => {
    const dir = scratch();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    // Every name the old predictable scheme could use, and a few random-looking ones.
    for (const name of [`.out.json.${process.pid}.tmp`, '.out.json.tmp', '.out.json.0.tmp']) {
      symlinkSync(victim, join(dir, name));
    }
    writeFileAtomic(join(dir, 'out.json'), '{}');
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe('{}');
  });

  it('replaces a link at the target itself instead of writing to what it points at', () => {
    const dir = scratch();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    symlinkSync(victim, join(dir, 'out.json'));
    writeFileAtomic(join(dir, 'out.json'), '{}');
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(lstatSync(join(dir, 'out.json')).isFile()).toBe(true);
  });

  it('refuses a pseudo file system at once instead of looping in mkdir', () => {
    expect(() => writeFileAtomic('/proc/rpe-no-such/out.json', '{}')).toThrow(
      /^cannot write \/proc\/rpe-no-such\/out\.json: it is on the proc pseudo file system$/,
    );
  });
});

describe('writeFilesAtomic', () => {
  it('writes every file, or none when one of them cannot be written', () => {
    const dir = scratch();
    writeFilesAtomic([
      { path: join(dir, 'a.jsonl'), text: 'a\n' },
      { path: join(dir, 'sub', 'b.jsonl'), text: 'b\n' },
    ]);
    expect(readFileSync(join(dir, 'a.jsonl'), 'utf8')).toBe('a\n');
    expect(readFileSync(join(dir, 'sub', 'b.jsonl'), 'utf8')).toBe('b\n');

    const empty = scratch();
    writeFileSync(join(empty, 'file'), '');
    expect(() =>
      writeFilesAtomic([
        { path: join(empty, 'new', 'items.jsonl'), text: 'items\n' },
        { path: join(empty, 'file', 'meta.jsonl'), text: 'meta\n' },
      ]),
    ).toThrow(/^cannot write .*file\/meta\.jsonl: /);
    expect(readdirSync(empty)).toEqual(['file']);
  });

  it('refuses a folder as a target before anything is renamed into place', () => {
    const dir = scratch();
    mkdirSync(join(dir, 'meta'));
    expect(() =>
      writeFilesAtomic([
        { path: join(dir, 'items.jsonl'), text: 'items\n' },
        { path: join(dir, 'meta'), text: 'meta\n' },
      ]),
    ).toThrow(/cannot write .*meta: it is a folder/);
    expect(readdirSync(dir)).toEqual(['meta']);
    expect(readdirSync(join(dir, 'meta'))).toEqual([]);
  });
});
