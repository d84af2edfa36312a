// Rows for what the commands read: files that never end, pipes without a writer, damaged snapshots.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { SCHEMA_VERSION } from '../../../framework/lexicon/schema.js';
import type { BadInputCase } from './case.js';
import { all, damagedSnapshot, fifo, file } from './hostile-generators.js';

const errorCode = (code: string) => (doc: unknown) =>
  expect(doc).toMatchObject({ error: { code } });
const MATRIX = '{"models": ["a", "b"], "correct": [[1, 0], [0, 1]]}';
// 17 MiB of zeros: more than the 16 MiB cap.
const zeros = Buffer.alloc(17 * 1024 * 1024);

export const cases: BadInputCase[] = [
  {
    name: 'validate: /dev/zero is refused, not read without end',
    args: ['validate', '/dev/zero', '--json'],
    exit: 2,
    stderr: /cannot read \/dev\/zero: it is a device, not a regular file/,
    json: errorCode('unreadable'),
  },
  {
    name: 'validate: a named pipe with no writer is refused without opening it',
    args: ['validate', 'pipe', '--json'],
    setup: fifo('pipe'),
    exit: 2,
    stderr:
      /cannot read pipe: it is a named pipe, not a regular file \(to read a stream, pipe it in and give - as the file\)/,
    timeoutSeconds: 10,
  },
  {
    name: 'validate: standard input that does not end (- < /dev/zero) is cut at the cap',
    args: ['validate', '-', '--json'],
    stdinFrom: '/dev/zero',
    exit: 2,
    stderr: /cannot read standard input: it is larger than 16 MiB, the cap for an input file/,
    json: errorCode('input_too_large'),
  },
  {
    name: 'validate: a file far larger than 200 items is refused, naming the cap',
    args: ['validate', 'huge.jsonl'],
    setup: file('huge.jsonl', zeros),
    exit: 2,
    stderr: /huge\.jsonl: it is larger than 16 MiB, the cap for an input file/,
  },
  {
    name: 'validate: a folder',
    args: ['validate', 'sets', '--json'],
    setup: (dir) => mkdirSync(join(dir, 'sets')),
    exit: 2,
    stderr: /cannot read sets: it is a folder, not a regular file/,
  },
  {
    name: 'validate: a path under a file',
    args: ['validate', 'notes.txt/items.jsonl'],
    setup: file('notes.txt', 'x'),
    exit: 2,
    stderr: /cannot read notes\.txt\/items\.jsonl: a part of the path is not a folder/,
  },
  {
    name: 'score: a matrix from /dev/zero',
    args: ['score', '--matrix', '/dev/zero', '--json'],
    exit: 2,
    stderr: /\/dev\/zero: it is a device/,
  },
  {
    name: 'score: --markdown over the matrix is refused and the matrix is kept',
    args: ['score', '--matrix', 'm.json', '--markdown', 'm.json'],
    setup: file('m.json', MATRIX),
    exit: 2,
    stderr: /cannot write m\.json: it is m\.json, an input of this command/,
    after: (dir) => expect(readFileSync(join(dir, 'm.json'), 'utf8')).toBe(MATRIX),
  },
  {
    name: 'score: --meta from a named pipe',
    args: ['score', '--matrix', 'm.json', '--meta', 'pipe', '--json'],
    setup: all(file('m.json', MATRIX), fifo('pipe')),
    exit: 2,
    stderr: /cannot read pipe: it is a named pipe/,
    timeoutSeconds: 10,
  },
  {
    name: 'score: --markdown under a file writes nothing and says so in one line',
    args: ['score', '--matrix', 'm.json', '--markdown', 'notes.txt/report.md', '--json'],
    setup: all(file('m.json', MATRIX), file('notes.txt', 'x')),
    exit: 2,
    stderr: /cannot write notes\.txt\/report\.md: notes\.txt is a file, not a folder/,
    json: errorCode('output_unwritable'),
  },
  {
    name: 'overlap: one of the files is a named pipe',
    args: ['overlap', 'a.jsonl', 'pipe', '--json'],
    setup: all(file('a.jsonl', '{"input":"a","gold":"b"}\n'), fifo('pipe')),
    exit: 2,
    stderr: /cannot read pipe: it is a named pipe/,
    timeoutSeconds: 10,
  },
  {
    name: 'hash: a named pipe in the folder is named, exit 1 with one JSON document',
    args: ['hash', 'data', '--json'],
    setup: (dir) => {
      mkdirSync(join(dir, 'data'));
      writeFileSync(join(dir, 'data', 'a.tsv'), 'kot\n');
      fifo(join('data', 'pipe'))(dir);
    },
    exit: 1,
    stderr: /data\/pipe is a named pipe/,
    json: errorCode('data_unsafe_entry'),
  },
  {
    name: 'hash: the folder itself a named pipe',
    args: ['hash', 'pipe'],
    setup: fifo('pipe'),
    exit: 2,
    stderr: /pipe is not a folder/,
  },
  {
    name: 'hash: the folder itself a symlink',
    args: ['hash', 'link', '--json'],
    setup: (dir) => {
      mkdirSync(join(dir, 'data'));
      symlinkSync('data', join(dir, 'link'));
    },
    exit: 1,
    stderr: /link is a symlink/,
    json: errorCode('data_unsafe_entry'),
  },
  {
    name: 'lexicon forms: --db a named pipe with no writer',
    args: ['lexicon', 'forms', 'kot', 'subst:pl:gen', '--db', 'pipe', '--json'],
    setup: fifo('pipe'),
    exit: 2,
    stderr: /pipe: not a morphology snapshot \(not a regular file\)/,
    json: errorCode('lexicon_invalid'),
    timeoutSeconds: 10,
  },
  {
    name: 'lexicon info: --db /dev/zero',
    args: ['lexicon', 'info', '--db', '/dev/zero'],
    exit: 2,
    stderr: /not a regular file/,
  },
  {
    name: 'lexicon forms: a damaged snapshot is one clear line naming it, not an internal error',
    args: ['lexicon', 'forms', 'kot', 'subst:pl:gen', '--db', 'damaged.sqlite', '--json'],
    setup: damagedSnapshot('damaged.sqlite'),
    exit: 2,
    stderr: /damaged\.sqlite: .*database disk image is malformed/,
    json: errorCode('lexicon_invalid'),
  },
  {
    name: 'lexicon analyse: a snapshot of the right version without tables',
    args: ['lexicon', 'analyse', 'kot', '--db', 'empty.sqlite', '--json'],
    setup: (dir) => {
      const db = new Database(join(dir, 'empty.sqlite'));
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
      db.close();
    },
    exit: 2,
    stderr: /empty\.sqlite: not a morphology snapshot \(no such table/,
    json: errorCode('lexicon_invalid'),
  },
  {
    name: 'lexicon build: --tsv a named pipe is refused before the build starts',
    args: ['lexicon', 'build', '--tsv', 'pipe', '--out', 'x.sqlite'],
    setup: fifo('pipe'),
    exit: 2,
    stderr: /cannot read pipe: it is a named pipe, not a regular file/,
    timeoutSeconds: 10,
  },
  {
    name: 'lexicon build: a missing --tsv is one line',
    args: ['lexicon', 'build', '--tsv', 'polish.tsv', '--out', 'x.sqlite'],
    exit: 2,
    stderr: /cannot read polish\.tsv: no such file/,
  },
  {
    name: 'lexicon build: a tag outside the tagset is one line naming the source line, no snapshot left',
    args: ['lexicon', 'build', '--tsv', 'polish.tsv', '--out', 'x.sqlite'],
    setup: file('polish.tsv', 'kot;kota;subst:sg:gen:m2\nkot;koty;zzz:qq\n'),
    exit: 2,
    stderr:
      /^rpe: polish\.tsv line 2: tag "zzz:qq": unknown part of speech "zzz" \(not in Morfologik's tagset\)\n$/,
    timeoutSeconds: 60,
  },
  {
    name: 'lexicon build: a source from which no lemma is kept is one line, after the build started',
    args: ['lexicon', 'build', '--tsv', 'polish.tsv', '--out', 'x.sqlite'],
    setup: file('polish.tsv', 'a;b;c\n'),
    exit: 2,
    stderr:
      /^rpe: no lemma of polish\.tsv is kept; is it the decompiled Morfologik dictionary\?\n$/,
    timeoutSeconds: 60,
  },
  {
    name: 'lexicon build: --out under a file',
    args: ['lexicon', 'build', '--tsv', 'polish.tsv', '--out', 'notes.txt/x.sqlite'],
    setup: all(file('polish.tsv', 'kot;kota;subst:sg:gen:m2\n'), file('notes.txt', 'x')),
    exit: 2,
    stderr: /cannot write notes\.txt\/x\.sqlite: .*notes\.txt is a file, not a folder/,
  },
  {
    name: 'lexicon analyse: random bytes as --db',
    args: ['lexicon', 'analyse', 'kot', '--db', 'noise.sqlite', '--json'],
    setup: file('noise.sqlite', Buffer.alloc(8192, 0x5a)),
    exit: 2,
    stderr: /noise\.sqlite: not a morphology snapshot/,
    json: errorCode('lexicon_invalid'),
  },
];
