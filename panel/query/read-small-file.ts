import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { RpeError } from '../../framework/index.js';

// The bytes of a small regular file, read whole; `code` names the RpeError thrown when it cannot be.
// A folder, a pipe or a device is refused rather than waited on, and so is a file over maxBytes.
export function readSmallFile(path: string, maxBytes: number, code: string): Buffer {
  const fail = (why: string, cause?: unknown): never => {
    throw new RpeError(code, `cannot read ${path}: ${why}`, cause ? { cause } : {});
  };
  let fd: number;
  try {
    // O_NONBLOCK: opening a pipe without a writer must not wait for one.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (cause) {
    return fail(reason(cause), cause);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) return fail('it is a folder');
    if (!stats.isFile()) return fail('it is not a regular file');
    if (stats.size > maxBytes) return fail(`larger than ${maxBytes} bytes`);
    const buffer = Buffer.alloc(stats.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

function reason(cause: unknown): string {
  const code = cause instanceof Error && 'code' in cause ? String(cause.code) : '';
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder';
  return cause instanceof Error ? cause.message : String(cause);
}
