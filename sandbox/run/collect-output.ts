import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import type { RunStatus } from './executor.js';

export interface CollectedOutput {
  status: Extract<RunStatus, 'ok' | 'no_output' | 'unsafe_output' | 'output_limit'>;
  /** Size on disk, when there is a file. */
  bytes?: number;
  output?: Buffer;
  outputSha256?: string;
  message?: string;
}

/** The words of each outcome, the same whichever executor ran the generator. */
export const OUTPUT_MESSAGES = {
  missing: 'the generator did not write its output file',
  symlink: 'the output is a symbolic link; it was not followed',
  notRegular: 'the output is not a regular file',
  tooLarge: (maxBytes: number) => `the output is larger than the limit of ${maxBytes} bytes`,
} as const;

/**
 * Reads a generator's output file without trusting it: lstat first (a symlink or anything but a
 * regular file is refused, never followed), the size checked against the cap before one byte is
 * read, and the file opened with O_NOFOLLOW so it cannot be swapped for a link in between.
 */
export async function collectOutput(file: string, maxBytes: number): Promise<CollectedOutput> {
  let stats;
  try {
    stats = await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { status: 'no_output', message: OUTPUT_MESSAGES.missing };
    }
    throw error;
  }
  if (stats.isSymbolicLink()) {
    return { status: 'unsafe_output', message: OUTPUT_MESSAGES.symlink };
  }
  if (!stats.isFile()) {
    return { status: 'unsafe_output', message: OUTPUT_MESSAGES.notRegular };
  }
  if (stats.size > maxBytes) {
    return {
      status: 'output_limit',
      bytes: stats.size,
      message: OUTPUT_MESSAGES.tooLarge(maxBytes),
    };
  }
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const size = (await handle.stat()).size;
    if (size > maxBytes) {
      return {
        status: 'output_limit',
        bytes: size,
        message: OUTPUT_MESSAGES.tooLarge(maxBytes),
      };
    }
    const output = Buffer.alloc(size);
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(output, offset, size - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    const bytes = output.subarray(0, offset);
    const outputSha256 = createHash('sha256').update(bytes).digest('hex');
    return { status: 'ok', bytes: offset, output: bytes, outputSha256 };
  } finally {
    await handle.close();
  }
}
