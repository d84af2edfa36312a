import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { isatty } from 'node:tty';
import { RpeError, isRpeError } from '../errors.js';
import { fileKind, systemReason } from '../system-reason.js';

/**
 * The most bytes an input file may have: 16 MiB. The largest valid set needs far less: 200 items
 * of 2,000 characters with a gold and five aliases of 80 is about 500,000 characters, 2 MiB of
 * UTF-8 and under 6 MiB even with every character written as a `\u` escape pair. Anything bigger
 * is a wrong file, and reading it whole would only fill the memory. The same figure as the
 * sandbox's cap on a generator's output.
 */
export const MAX_SOURCE_BYTES = 16 * 1024 * 1024;

const CHUNK = 1 << 16;

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : '';
}

const pause = new Int32Array(new SharedArrayBuffer(4));

function size(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}

function tooLarge(name: string, max: number): RpeError {
  return new RpeError(
    'input_too_large',
    `cannot read ${name}: it is larger than ${size(max)}, the cap for an input file (the largest valid set, 200 items at the length limits, is under 6 MiB)`,
    { exitCode: 2 },
  );
}

// Everything `fd` gives until its end, refusing more than `max` bytes. readFileSync(0) fails with
// EAGAIN when stdin is a non-blocking pipe, so wait briefly whenever no data is ready yet.
function readCapped(fd: number, name: string, max: number): Buffer {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(CHUNK);
  let total = 0;
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      if (errorCode(error) === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 5);
        continue;
      }
      if (errorCode(error) === 'EOF') break;
      throw error;
    }
    if (n === 0) break;
    total += n;
    if (total > max) throw tooLarge(name, max);
    chunks.push(Buffer.from(buffer.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

function readFile(path: string, max: number, code: string, stdinHint: boolean): Buffer {
  // Checked before opening: opening a named pipe with no writer would wait forever.
  const stats = statSync(path);
  if (!stats.isFile()) {
    throw new RpeError(
      code,
      `cannot read ${path}: it is ${fileKind(stats)}, not a regular file${stats.isFIFO() && stdinHint ? ' (to read a stream, pipe it in and give - as the file)' : ''}`,
      { exitCode: 2 },
    );
  }
  if (stats.size > max) throw tooLarge(path, max);
  const fd = openSync(path, 'r');
  try {
    return readCapped(fd, path, max);
  } finally {
    closeSync(fd);
  }
}

function readStdin(max: number, code: string): Buffer {
  if (isatty(0)) {
    throw new RpeError(
      code,
      'standard input is a terminal: pipe the file in (… - < items.jsonl) or give its name instead of -',
      { exitCode: 2 },
    );
  }
  const stats = fstatSync(0);
  if (stats.isFile() && stats.size > max) throw tooLarge('standard input', max);
  return readCapped(0, 'standard input', max);
}

/**
 * The bytes of an input file, or of standard input for `-`, at most `maxBytes` (default
 * MAX_SOURCE_BYTES). Only a regular file is read: a folder, named pipe, device or socket is
 * refused before it is opened, so neither `/dev/zero` nor a pipe without a writer can hang the
 * command. Every failure is RpeError (exit 2) naming the file, `input_too_large` for the cap and
 * `code` (default `unreadable`) with the system's reason otherwise. `stdin: false` is for a file
 * that must be a file: `-` is then a file's name, and a named pipe gets no hint to give `-`.
 */
export function readSource(
  path: string,
  options: { maxBytes?: number; code?: string; stdin?: boolean } = {},
): Uint8Array {
  const max = options.maxBytes ?? MAX_SOURCE_BYTES;
  const code = options.code ?? 'unreadable';
  const stdin = options.stdin ?? true;
  try {
    return path === '-' && stdin ? readStdin(max, code) : readFile(path, max, code, stdin);
  } catch (error) {
    if (isRpeError(error)) throw error;
    throw new RpeError(
      code,
      `cannot read ${path === '-' ? 'standard input' : path}: ${systemReason(error)}`,
      { exitCode: 2, cause: error },
    );
  }
}
