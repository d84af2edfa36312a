import { isRpeError } from '../framework/errors.js';
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
  const known = isRpeError(error);
  const message = known
    ? error.message
    : `internal error: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`;
  const exitCode = known ? error.exitCode : 2;
  const code = known ? error.code : 'internal_error';
  process.stderr.write(
    `rpe: ${firstLine(message)}${!known && !options.debug ? ' (--debug shows the stack trace)' : ''}\n`,
  );
  if (options.debug && error instanceof Error && error.stack) {
    process.stderr.write(`${error.stack}\n`);
  }
  if (options.json && !hasPrintedJson()) printJsonError(code, firstLine(message), exitCode);
  return exitCode;
}

// The JSON document of a command that failed: `{"error": {"code", "message", "exit_code"}}`.
export function printJsonError(code: string, message: string, exitCode: number): void {
  printJson({ error: { code, message, exit_code: exitCode } });
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
