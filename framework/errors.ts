/** Exit status the CLI gives an error: 1 the input failed a check, 2 usage, unreadable input or a broken environment. */
export type ExitStatus = 1 | 2;

/**
 * An expected failure with a stable code. Thrown for broken environments and bad input that
 * stops the work; outcomes that are part of a check (an invalid item, a timeout) are data instead.
 */
// Marks every RpeError, whichever copy of this module made it: dist/framework/index.js is a
// bundle with its own copy, while the CLI and the sandbox also import this file directly.
const RPE_ERROR = Symbol.for('reverse-poleval.error');

export class RpeError extends Error {
  readonly code: string;
  readonly exitCode: ExitStatus;
  readonly [RPE_ERROR] = true;

  constructor(
    code: string,
    message: string,
    options: { exitCode?: ExitStatus; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RpeError';
    this.code = code;
    this.exitCode = options.exitCode ?? 2;
  }
}

// Narrows an unknown thrown value to RpeError.
export function isRpeError(error: unknown): error is RpeError {
  return typeof error === 'object' && error !== null && RPE_ERROR in error;
}
