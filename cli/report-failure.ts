import { isRpeError } from '../framework/errors.js';

// Prints one clear line for a failure (a stack trace only with --debug) and returns the exit code.
export function reportFailure(error: unknown, debug: boolean): 1 | 2 {
  if (isRpeError(error)) {
    process.stderr.write(`rpe: ${error.message}\n`);
    if (debug && error.stack) process.stderr.write(`${error.stack}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`rpe: internal error: ${message.split('\n')[0]}\n`);
  if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  else process.stderr.write('rpe: run again with --debug for the stack trace\n');
  return 2;
}
