import { afterEach, describe, expect, it, vi } from 'vitest';
import { RpeError } from '../framework/errors.js';
import { reportFailure } from './report-failure.js';

function captureStderr() {
  const lines: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe('reportFailure', () => {
  it('prints an RpeError as one line and returns its exit code', () => {
    const out = captureStderr();
    expect(
      reportFailure(new RpeError('bad_input', 'items.jsonl: line 3: broken', { exitCode: 1 }), {
        debug: false,
        json: false,
      }),
    ).toBe(1);
    expect(out.join('')).toBe('rpe: items.jsonl: line 3: broken\n');
  });

  it('defaults an RpeError to exit 2', () => {
    captureStderr();
    expect(reportFailure(new RpeError('env', 'no engine'), { debug: false, json: false })).toBe(2);
  });

  it('keeps an unexpected error to its first line, with a hint instead of a stack', () => {
    const out = captureStderr();
    expect(reportFailure(new Error('boom\nsecond line'), { debug: false, json: false })).toBe(2);
    expect(out.join('')).toBe('rpe: internal error: boom (--debug shows the stack trace)\n');
  });

  it('prints the stack with --debug', () => {
    const out = captureStderr();
    reportFailure(new Error('boom'), { debug: true, json: false });
    expect(out.join('')).toMatch(/\n\s+at /);
  });

  it('under --json, also prints the failure as the one JSON document on stdout', () => {
    const err = captureStderr();
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out.push(String(chunk));
      return true;
    });
    expect(
      reportFailure(new RpeError('unknown_lemma', 'unknown lemma "kotx"', { exitCode: 1 }), {
        debug: false,
        json: true,
      }),
    ).toBe(1);
    expect(err.join('')).toBe('rpe: unknown lemma "kotx"\n');
    expect(JSON.parse(out.join(''))).toEqual({
      error: { code: 'unknown_lemma', message: 'unknown lemma "kotx"', exit_code: 1 },
    });
  });
});
