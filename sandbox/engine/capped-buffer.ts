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

/** A stream cut in two at the first `marker`: what came before it and what came after. */
export interface SplitBuffer {
  write(chunk: Buffer): void;
  /** The bytes before the marker (all of them while it has not come), capped as `before` keeps. */
  readonly before: CappedBuffer;
  /** The bytes after the marker, or null when it never came. */
  after(): Buffer | null;
}

/**
 * Sends what is written to `before` until `marker` has passed, then to `after`. A marker split
 * across chunks is found: the last marker.length - 1 bytes are held back until the next chunk
 * shows whether they begin it.
 */
export function createSplitBuffer(
  marker: Buffer,
  before: CappedBuffer,
  after: CappedBuffer,
  /** Called once, when the marker has come. */
  onMarker?: () => void,
): SplitBuffer {
  let held = Buffer.alloc(0);
  let found = false;
  return {
    write(chunk) {
      if (found) return after.write(chunk);
      const data = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
      const at = data.indexOf(marker);
      if (at >= 0) {
        found = true;
        held = Buffer.alloc(0);
        onMarker?.();
        if (at > 0) before.write(data.subarray(0, at));
        const rest = data.subarray(at + marker.length);
        if (rest.length > 0) after.write(rest);
        return;
      }
      const keep = Math.min(data.length, marker.length - 1);
      if (data.length > keep) before.write(data.subarray(0, data.length - keep));
      held = Buffer.from(data.subarray(data.length - keep));
    },
    before: {
      write: (chunk) => before.write(chunk),
      // What was held back belongs before the marker when the marker never came.
      bytes: () => (found || held.length === 0 ? before.bytes() : flushHeld()),
      get total() {
        return before.total + (found ? 0 : held.length);
      },
      get truncated() {
        return before.truncated;
      },
    },
    after: () => (found ? after.bytes() : null),
  };

  function flushHeld(): Buffer {
    before.write(held);
    held = Buffer.alloc(0);
    return before.bytes();
  }
}
