/** Keeps only the last bytes of a stream, so a flood on stdout costs bounded memory. */
export interface TailBuffer {
  push(chunk: Buffer): void;
  /** The kept tail as text; a character cut at the start is dropped. */
  text(): string;
  /** Every byte seen, kept or not. */
  readonly totalBytes: number;
}

// Creates a buffer that retains at most `maxBytes` of the most recent data.
export function createTailBuffer(maxBytes: number): TailBuffer {
  let chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  return {
    push(chunk) {
      total += chunk.length;
      chunks.push(chunk);
      kept += chunk.length;
      // Compact only when twice over, so a stream of small chunks is not copied on every push.
      if (kept > 2 * maxBytes) {
        const joined = Buffer.concat(chunks);
        const tail = Buffer.from(joined.subarray(joined.length - maxBytes));
        chunks = [tail];
        kept = tail.length;
      }
    },
    text() {
      const joined = Buffer.concat(chunks);
      let tail = joined.subarray(Math.max(0, joined.length - maxBytes));
      let skip = 0;
      // Skip UTF-8 continuation bytes left over from a character cut in half.
      while (skip < tail.length && skip < 3 && ((tail[skip] ?? 0) & 0xc0) === 0x80) skip++;
      tail = tail.subarray(skip);
      return tail.toString('utf8');
    },
    get totalBytes() {
      return total;
    },
  };
}
