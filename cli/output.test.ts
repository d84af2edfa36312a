import { describe, expect, it } from 'vitest';
import { counterLine, progress, type ProgressStream } from './output.js';

// A terminal of `columns` columns that keeps what is written to it.
function terminal(columns?: number, isTTY = true) {
  const written: string[] = [];
  const stream: ProgressStream = { isTTY, columns, write: (text: string) => written.push(text) };
  return { stream, written };
}

describe('the progress counter', () => {
  it('redraws one row in place and clears it when done', () => {
    const { stream, written } = terminal(80);
    const bar = progress('submissions', { stream });
    bar.tick(1, 4, 'good-python');
    bar.tick(2, 4, 'static-list');
    bar.done();
    expect(written).toEqual([
      '\r\x1b[2Ksubmissions [#####...............] 1/4 good-python',
      '\r\x1b[2Ksubmissions [##########..........] 2/4 static-list',
      '\r\x1b[2K',
    ]);
  });

  it('cuts a line longer than the terminal, so that it never wraps', () => {
    const { stream, written } = terminal(60);
    const name = `/srv/teams/${'zespół-'.repeat(10)}/generator`;
    progress('submissions', { stream }).tick(3, 12, name);
    const row = written[0]!.replace('\r\x1b[2K', '');
    expect([...row]).toHaveLength(59);
    expect(row).toMatch(/^submissions \[#####\.+\] 3\/12 \/srv\/teams\/zesp.*…$/);
    // Where the width is not known, the line stays whole.
    expect(counterLine(`x ${name}`, undefined)).toBe(`x ${name}`);
    expect(counterLine('short', 40)).toBe('short');
  });

  it('writes the control characters of a name as escapes, not to the terminal', () => {
    const { stream, written } = terminal(200);
    progress('query', { stream }).tick(1, 2, 'model\x1b]0;pwned\x07\r\nname');
    const row = written[0]!.replace('\r\x1b[2K', '');
    expect([...row].filter((c) => c.charCodeAt(0) < 0x20 || c === '\x7f')).toEqual([]);
    expect(row).toBe('query [##########..........] 1/2 model\\u001b]0;pwned\\u0007\\r\\nname');
  });

  it('draws nothing when quiet or when stderr is not a terminal', () => {
    const piped = terminal(80, false);
    const bar = progress('running', { stream: piped.stream });
    bar.tick(1, 2, 'seed 0');
    bar.done();
    const quiet = terminal(80);
    progress('running', { stream: quiet.stream, quiet: true }).tick(1, 2);
    expect([...piped.written, ...quiet.written]).toEqual([]);
  });
});
