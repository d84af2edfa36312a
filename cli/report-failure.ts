import { describeFailure } from './describe-failure.js';
import { hasPrintedJson, printJson } from './output.js';

/** How the top-level catch reports a failure. */
export interface FailureOptions {
  /** Print the stack trace too. */
  debug: boolean;
  /** The command ran with --json: stdout must still hold one JSON document. */
  json: boolean;
}

/**
 * Prints one clear line for a failure on stderr (a stack trace only with --debug) and, under
 * --json, the failure as the command's one JSON document on stdout unless the command printed its
 * own; returns the exit code.
 */
export function reportFailure(error: unknown, options: FailureOptions): 1 | 2 {
  const failure = describeFailure(error);
  const hint = !failure.expected && !options.debug ? ' (--debug shows the stack trace)' : '';
  process.stderr.write(`rpe: ${escapeControls(failure.message)}${hint}\n`);
  if (options.debug && error instanceof Error && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
  if (options.json && !hasPrintedJson())
    printJsonError(failure.code, escapeControls(failure.message), failure.exitCode);
  return failure.exitCode;
}

// The JSON document of a command that failed: `{"error": {"code", "message", "exit_code"}}`.
export function printJsonError(code: string, message: string, exitCode: number): void {
  printJson({ error: { code, message, exit_code: exitCode } });
}

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A message made one line whatever it quotes: control characters (a raw CR from `--delimiter
 * $'\r'`, an ANSI escape, a newline from a file name) and the Unicode line separators are written
 * as escapes, so the terminal shows them and the line stays one line.
 */
export function escapeControls(message: string): string {
  return message.replace(
    /[\p{Cc}\u2028\u2029]/gu,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
