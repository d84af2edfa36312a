import { readFileSync, readSync } from 'node:fs';
import { RpeError } from '../errors.js';

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : '';
}

const pause = new Int32Array(new SharedArrayBuffer(4));

// Standard input to its end. readFileSync(0) fails with EAGAIN when stdin is a non-blocking pipe,
// so read in chunks and wait briefly whenever no data is ready yet.
function readStdin(): Buffer {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      if (errorCode(error) === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 5);
        continue;
      }
      if (errorCode(error) === 'EOF') break;
      throw error;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
};

/**
 * The bytes of an input file, or of standard input for `-`. A file that cannot be read is
 * RpeError `unreadable` (exit 2) whose message names it, with the system's reason.
 */
export function readSource(path: string): Uint8Array {
  try {
    return path === '-' ? readStdin() : readFileSync(path);
  } catch (error) {
    const reason =
      REASONS[errorCode(error)] ?? (error instanceof Error ? error.message : String(error));
    throw new RpeError(
      'unreadable',
      `cannot read ${path === '-' ? 'standard input' : path}: ${reason}`,
      {
        exitCode: 2,
        cause: error,
      },
    );
  }
}
