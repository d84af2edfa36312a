/** Longest message kept, in characters: a report line, not a log. */
const MAX_LENGTH = 300;

// Lines an interpreter prints after the error itself, which say nothing about the cause.
const TRAILERS = [
  /^Node\.js v\d+/,
  /^\(Use `node --trace-\S+ \.\.\.` to show where the exception was thrown\)$/,
  /^\[process exited with code \d+/,
];

// Node's error line: `Error: boom`, `TypeError: x is not a function`, `Error [ERR_X]: ...`.
const NODE_ERROR = /^(?:[A-Z][\w$]*)?(?:Error|Exception)(?: \[[A-Z0-9_]+\])?: ./;
// A stack frame of Node: `    at f (file:///x/generate.js:2:21)` or `    at file:///x/generate.js:3:1`.
const NODE_FRAME = /^\s+at (?:.*?\()?(?:file:\/\/)?([^():]+):(\d+):\d+\)?$/;
// Python's frame line: `  File "/submission/generate.py", line 12, in main`.
const PYTHON_FRAME = /^\s*File "([^"]+)", line (\d+), in (.+)$/;
// Python's exception line after a traceback: `ValueError: bad`, `pkg.Error: x`, `KeyboardInterrupt`.
const PYTHON_ERROR = /^[A-Za-z_][\w.]*(?::|$)/;

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LENGTH ? `${flat.slice(0, MAX_LENGTH - 1)}…` : flat;
}

function basename(path: string): string {
  return path.split('/').pop() ?? path;
}

// The last traceback of a Python log: its exception line and where the last frame was.
function pythonError(lines: string[]): string | null {
  const start = lines.lastIndexOf('Traceback (most recent call last):');
  if (start < 0) return null;
  let frame: string | null = null;
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const match = PYTHON_FRAME.exec(line);
    if (match) {
      frame = `${basename(match[1] ?? '')} line ${match[2]}, in ${match[3]}`;
      continue;
    }
    // Source lines and carets of a frame are indented; the exception line is not.
    if (/^\s/.test(line) || line === '') continue;
    break;
  }
  const error = lines[i];
  if (error === undefined || !PYTHON_ERROR.test(error)) return null;
  // A message may go on over several lines; keep them up to the next blank line or trailer.
  const message = [error];
  for (let j = i + 1; j < lines.length && message.length < 4; j++) {
    const more = lines[j] ?? '';
    if (more.trim() === '' || TRAILERS.some((t) => t.test(more))) break;
    message.push(more);
  }
  return `${message.join(' ')}${frame ? ` (${frame})` : ''}`;
}

// The last Node error line of a log, with the first stack frame of the generator's own code: not
// Node's (`node:`), and not a package's (`node_modules/`, where tsx's loader and the toolkit are).
function nodeError(lines: string[]): string | null {
  let index = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (NODE_ERROR.test(lines[i] ?? '')) {
      index = i;
      break;
    }
  }
  if (index < 0) return null;
  let where = '';
  for (let i = index + 1; i < lines.length; i++) {
    const match = NODE_FRAME.exec(lines[i] ?? '');
    if (!match) {
      if (/^\s+at /.test(lines[i] ?? '')) continue;
      break;
    }
    const file = match[1] ?? '';
    if (file.startsWith('node:') || file.includes('/node_modules/')) continue;
    where = ` (${basename(file)}:${match[2]})`;
    break;
  }
  return `${lines[index]}${where}`;
}

/**
 * The cause of a failed run in one line, from the tail of its stderr: the exception of Python's
 * last traceback with the file and line of its last frame, or Node's `Error: ...` line with the
 * first frame in the generator's own code; otherwise the last line that is not an interpreter's
 * trailer (`Node.js v20.20.2`). Empty when the log is.
 */
export function summarizeError(stderrTail: string): string {
  const lines = stderrTail.replace(/\r\n?/g, '\n').split('\n');
  const found = pythonError(lines) ?? nodeError(lines);
  if (found) return cut(found);
  const meaningful = lines
    .map((l) => l.trim())
    .filter((l) => l !== '' && !TRAILERS.some((t) => t.test(l)));
  return cut(meaningful.pop() ?? '');
}
