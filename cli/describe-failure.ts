import { RpeError, isRpeError } from '../framework/errors.js';
import { systemReason } from '../framework/system-reason.js';

/** A failure as the CLI reports it: a stable code, one line, an exit status. */
export interface Failure {
  code: string;
  message: string;
  exitCode: 1 | 2;
  /** False for a bug of ours (`internal_error`): the report then points at --debug. */
  expected: boolean;
}

// Snapshot faults: the file is damaged or not a database, which no command of ours can repair.
const SNAPSHOT_FAULTS = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_IOERR', 'SQLITE_FULL']);

interface SystemError extends Error {
  code: string;
  syscall?: string;
  path?: string;
  dest?: string;
}

function isSystemError(error: unknown): error is SystemError {
  return (
    error instanceof Error &&
    typeof (error as Partial<SystemError>).code === 'string' &&
    typeof (error as Partial<SystemError>).syscall === 'string'
  );
}

function isSnapshotFault(error: unknown): error is Error {
  if (!(error instanceof Error) || error.name !== 'SqliteError') return false;
  // Extended codes name the primary one first: SQLITE_IOERR_SHORT_READ is an SQLITE_IOERR.
  const code = String((error as { code?: unknown }).code);
  return [...SNAPSHOT_FAULTS].some((fault) => code === fault || code.startsWith(`${fault}_`));
}

// The error and its causes, outermost first.
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e !== undefined && chain.length < 10; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
    if (!(e instanceof Error)) break;
  }
  return chain;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

function systemMessage(error: SystemError): string {
  const reason = systemReason(error);
  const target = error.path ? ` ${error.path}${error.dest ? ` to ${error.dest}` : ''}` : '';
  return `cannot ${error.syscall ?? 'access'}${target}: ${reason}`;
}

/**
 * A damaged snapshot found while querying (`database disk image is malformed` comes only when the
 * damaged page is read) as RpeError `lexicon_invalid` naming the file; other errors unchanged.
 */
export function blameSnapshot(error: unknown, path: string): unknown {
  const fault = causes(error).find(isSnapshotFault);
  if (!fault || (isRpeError(error) && error.exitCode === 2)) return error;
  return new RpeError(
    'lexicon_invalid',
    `${path}: the morphology snapshot cannot be read: ${firstLine(fault.message)}`,
    { cause: error },
  );
}

/**
 * What the top-level catch reports for a thrown value: an RpeError as it is, except that a damaged
 * snapshot anywhere in its cause chain (its pages are read only when asked) is exit 2, not the
 * generator's exit 1, and so is an exit-2 RpeError in the chain (the generator's snapshot is
 * missing); the same for a bare damaged-snapshot error; an ordinary system fault
 * (a full disk, a path under a file, no permission) as exit 2 in one clear line; anything else
 * as `internal_error`, a bug of ours.
 */
export function describeFailure(error: unknown): Failure {
  // Not the generator's fault (exit 1) when what failed under it is the snapshot.
  const snapshot = causes(error).find(isSnapshotFault);
  if (snapshot && !(isRpeError(error) && error.exitCode === 2)) {
    return {
      code: 'lexicon_invalid',
      message: `the morphology snapshot cannot be read: ${firstLine(snapshot.message)} (restore data/morphology.sqlite or rebuild it with rpe lexicon build)`,
      exitCode: 2,
      expected: true,
    };
  }
  // A broken environment under the generator's failure (its snapshot is missing) is exit 2.
  const environment = causes(error).find((e) => isRpeError(e) && e.exitCode === 2);
  if (isRpeError(error) && isRpeError(environment) && error.exitCode === 1) {
    return {
      code: environment.code,
      message: firstLine(error.message),
      exitCode: 2,
      expected: true,
    };
  }
  if (isRpeError(error)) {
    return {
      code: error.code,
      message: firstLine(error.message),
      exitCode: error.exitCode,
      expected: true,
    };
  }
  if (isSystemError(error)) {
    return { code: 'system_error', message: systemMessage(error), exitCode: 2, expected: true };
  }
  const text = error instanceof Error ? error.message : String(error);
  return {
    code: 'internal_error',
    message: `internal error: ${firstLine(text)}`,
    exitCode: 2,
    expected: false,
  };
}
