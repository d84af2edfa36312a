import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RpeError } from '../framework/errors.js';
import { temporaryFolder } from '../tests/temporary-folder.js';
import { blameSnapshot, describeFailure } from './describe-failure.js';

const dir = temporaryFolder('rpe-describe-failure-');

// The error Node throws for an operation under a file, as a command meets it.
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

function sqliteError(code: string, message: string): Error {
  return Object.assign(new Error(message), { name: 'SqliteError', code });
}

describe('describeFailure', () => {
  it('keeps an RpeError as it is', () => {
    expect(describeFailure(new RpeError('x', 'bad\nmore', { exitCode: 1 }))).toEqual({
      code: 'x',
      message: 'bad',
      exitCode: 1,
      expected: true,
    });
  });

  it('turns an ordinary system fault into one clear line with exit 2, not an internal error', () => {
    writeFileSync(join(dir, 'file'), 'x');
    const error = thrown(() => mkdirSync(join(dir, 'file', 'sub')));
    expect(describeFailure(error)).toEqual({
      code: 'system_error',
      message: `cannot mkdir ${join(dir, 'file', 'sub')}: a part of the path is not a folder`,
      exitCode: 2,
      expected: true,
    });
  });

  it('blames a damaged snapshot, not the generator, when it is the cause of a failure', () => {
    const cause = sqliteError('SQLITE_CORRUPT', 'database disk image is malformed');
    const wrapped = new RpeError('family_failed', 'family "a": sample() threw: ...', {
      exitCode: 1,
      cause,
    });
    expect(describeFailure(wrapped)).toMatchObject({
      code: 'lexicon_invalid',
      exitCode: 2,
      message: expect.stringContaining('database disk image is malformed') as string,
    });
    expect(describeFailure(sqliteError('SQLITE_IOERR_SHORT_READ', 'disk I/O error'))).toMatchObject(
      {
        code: 'lexicon_invalid',
        exitCode: 2,
      },
    );
    expect(blameSnapshot(wrapped, 'x.sqlite')).toMatchObject({
      code: 'lexicon_invalid',
      message: 'x.sqlite: the morphology snapshot cannot be read: database disk image is malformed',
    });
  });

  it('leaves other database errors and bugs as internal errors', () => {
    expect(describeFailure(sqliteError('SQLITE_ERROR', 'near "x": syntax error'))).toMatchObject({
      code: 'internal_error',
      expected: false,
    });
    expect(describeFailure(new TypeError('x is undefined'))).toEqual({
      code: 'internal_error',
      message: 'internal error: x is undefined',
      exitCode: 2,
      expected: false,
    });
  });
});

describe('describeFailure of a failure caused by the environment', () => {
  it('reports exit 2 with the code of the cause when the generator failed because its snapshot is missing', () => {
    const missing = new RpeError(
      'lexicon_missing',
      'data/morphology.sqlite: morphology snapshot not found',
    );
    const wrapped = new RpeError(
      'family_failed',
      'family "a", item 1, attempt 1: sample() threw: x',
      {
        exitCode: 1,
        cause: missing,
      },
    );
    expect(describeFailure(wrapped)).toEqual({
      code: 'lexicon_missing',
      message: 'family "a", item 1, attempt 1: sample() threw: x',
      exitCode: 2,
      expected: true,
    });
  });
});
