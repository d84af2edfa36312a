import { describe, expect, it } from 'vitest';
import { classifyRun, lastLine, type RunOutcome } from './classify-run.js';

const base: RunOutcome = {
  timedOut: false,
  oomKilled: false,
  exitCode: 0,
  signal: null,
  timeoutSeconds: 120,
  memoryLimited: true,
  stderrTail: '',
  collected: { status: 'ok' },
};

describe('classifyRun', () => {
  it('puts the runner timeout before everything a killed process may look like', () => {
    const outcome = { ...base, timedOut: true, oomKilled: true, exitCode: null, signal: 'SIGKILL' };
    expect(classifyRun(outcome)).toEqual({
      status: 'timeout',
      message: 'killed after the limit of 120 s',
    });
  });

  it('puts an out-of-memory kill before the exit code', () => {
    expect(classifyRun({ ...base, oomKilled: true, exitCode: 137 }).status).toBe('memory_limit');
  });

  it('reads an allocation failure as memory_limit only when a limit was set', () => {
    const failed = { ...base, exitCode: 1, stderrTail: 'Traceback\nMemoryError\n' };
    expect(classifyRun(failed)).toEqual({
      status: 'memory_limit',
      message: 'ran out of memory: MemoryError',
    });
    expect(classifyRun({ ...failed, memoryLimited: false }).status).toBe('runtime_error');
  });

  it('reports an oversized or unsafe output even when the generator crashed', () => {
    const big = {
      ...base,
      exitCode: 1,
      collected: { status: 'output_limit' as const, message: 'too big' },
    };
    expect(classifyRun(big)).toEqual({ status: 'output_limit', message: 'too big' });
    expect(
      classifyRun({
        ...base,
        exitCode: null,
        signal: 'SIGXFSZ',
        collected: { status: 'no_output' as const },
      }).status,
    ).toBe('output_limit');
    const link = { ...base, collected: { status: 'unsafe_output' as const, message: 'a link' } };
    expect(classifyRun(link).status).toBe('unsafe_output');
  });

  it('names the exit code and the last stderr line of a crash', () => {
    const crash = {
      ...base,
      exitCode: 3,
      stderrTail: 'one\nValueError: bad\n\n',
      collected: { status: 'no_output' as const },
    };
    expect(classifyRun(crash)).toEqual({
      status: 'runtime_error',
      message: 'exited with code 3: ValueError: bad',
    });
    expect(
      classifyRun({ ...crash, exitCode: null, signal: 'SIGSEGV', stderrTail: '' }).message,
    ).toBe('was killed by SIGSEGV');
  });

  it('names the read-only tree when a crash is a write refused there', () => {
    const crash = {
      ...base,
      exitCode: 1,
      stderrTail:
        "Traceback (most recent call last):\nOSError: [Errno 30] Read-only file system: 'debug.log'\n",
      collected: { status: 'no_output' as const },
    };
    expect(classifyRun(crash).message).toBe(
      "exited with code 1: OSError: [Errno 30] Read-only file system: 'debug.log'; the submission tree is read-only (as in the organisers' sandbox): write only to the --out path",
    );
  });

  it('is no_output for a clean exit without a file, ok otherwise', () => {
    expect(classifyRun({ ...base, collected: { status: 'no_output' } }).status).toBe('no_output');
    expect(classifyRun(base)).toEqual({ status: 'ok' });
  });
});

describe('lastLine', () => {
  it('skips trailing blank lines', () => {
    expect(lastLine('a\nb\n  \n')).toBe('b');
    expect(lastLine('')).toBe('');
  });
});
