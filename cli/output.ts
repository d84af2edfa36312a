import { escapeControls } from './report-failure.js';

let jsonPrinted = false;
let endWhenDone = false;

// Prints one JSON document on stdout: the only output of a command run with --json.
export function printJson(value: unknown): void {
  // Made whole before anything is marked: a document too large to make (a string past V8's
  // limit) throws here, and the error path must still print its own document.
  const text = `${JSON.stringify(value, null, 2)}\n`;
  process.stdout.write(text);
  jsonPrinted = true;
}

// Whether this process has already printed its JSON document (the error path must not add one).
export function hasPrintedJson(): boolean {
  return jsonPrinted;
}

/**
 * Asks main() to end the process once the command is done and its output written. For commands
 * that ran a team's code in process (rpe generate, rpe provenance): the code may have left timers
 * or sockets open that would keep the process alive, or been stopped at a deadline halfway; and
 * for a batch that gave up on an engine that went silent, whose requests stay open.
 */
export function endProcessWhenDone(): void {
  endWhenDone = true;
}

// Whether a command asked for endProcessWhenDone().
export function mustEndProcess(): boolean {
  return endWhenDone;
}

// Prints a line for people on stdout.
export function printLine(line = ''): void {
  process.stdout.write(`${line}\n`);
}

export interface Progress {
  tick(done: number, total?: number, label?: string): void;
  done(): void;
}

/** Where a counter is drawn: stderr, or a stand-in in tests. */
export interface ProgressStream {
  isTTY?: boolean;
  /** The terminal's width, where known. */
  columns?: number;
  write(text: string): unknown;
}

/**
 * The line as a terminal shows it on one row: control characters written as escapes (a name from
 * a list or a panel file may hold any), and cut with an ellipsis to one column short of the
 * width, since a line that wraps would leave its first rows behind at each redraw.
 */
export function counterLine(text: string, columns: number | undefined): string {
  const chars = [...escapeControls(text)];
  if (columns === undefined || columns < 2 || chars.length < columns) return chars.join('');
  return `${chars.slice(0, columns - 2).join('')}…`;
}

/**
 * A one-line counter on stderr, redrawn in place. Silent when stderr is not a terminal or when
 * `quiet` is set (commands pass their --json flag), so machine output stays clean.
 */
export function progress(
  title: string,
  options: { quiet?: boolean; stream?: ProgressStream } = {},
): Progress {
  const stream = options.stream ?? process.stderr;
  const live = !options.quiet && stream.isTTY === true;
  let shown = false;
  return {
    tick(done, total, label) {
      if (!live) return;
      const count = total === undefined ? `${done}` : `${done}/${total}`;
      const bar =
        total && total > 0
          ? ` [${'#'.repeat(Math.round((20 * done) / total)).padEnd(20, '.')}]`
          : '';
      const line = `${title}${bar} ${count}${label ? ` ${label}` : ''}`;
      stream.write(`\r\x1b[2K${counterLine(line, stream.columns)}`);
      shown = true;
    },
    done() {
      if (live && shown) stream.write('\r\x1b[2K');
    },
  };
}
