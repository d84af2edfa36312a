/** A byte sink with a cap: keeps either the first or the last `limit` bytes, and counts the rest. */
export interface CappedBuffer {
  write(chunk: Buffer): void;
  /** The kept bytes. */
  bytes(): Buffer;
  /** Total bytes written, kept or not. */
  readonly total: number;
  readonly truncated: boolean;
}

// Keeps the last `limit` bytes written: the tail of a log, which is where errors are.
export function createTailBuffer(limit: number): CappedBuffer {
  let chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  return {
    write(chunk) {
      total += chunk.length;
      chunks.push(chunk);
      kept += chunk.length;
      // Trim only when well over the cap so a flood of small chunks stays linear.
      if (kept > 2 * limit + 65536) {
        const joined = Buffer.concat(chunks).subarray(kept - limit);
        chunks = [joined];
        kept = joined.length;
      }
    },
    bytes() {
      const joined = Buffer.concat(chunks);
      return joined.length > limit ? joined.subarray(joined.length - limit) : joined;
    },
    get total() {
      return total;
    },
    get truncated() {
      return total > limit;
    },
  };
}

// Keeps the first `limit` bytes written and drops the rest: for reading a file of known size.
export function createHeadBuffer(limit: number): CappedBuffer {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  return {
    write(chunk) {
      total += chunk.length;
      if (kept >= limit) return;
      const part = chunk.subarray(0, limit - kept);
      chunks.push(part);
      kept += part.length;
    },
    bytes() {
      return Buffer.concat(chunks);
    },
    get total() {
      return total;
    },
    get truncated() {
      return total > limit;
    },
  };
}

// The kept tail of a log as text: UTF-8 continuation bytes of a character cut at the start dropped.
export function tailText(bytes: Buffer): string {
  let skip = 0;
  while (skip < bytes.length && skip < 3 && ((bytes[skip] ?? 0) & 0xc0) === 0x80) skip++;
  return bytes.subarray(skip).toString('utf8');
}
