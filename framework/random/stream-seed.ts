import { createHash } from 'node:crypto';
import { RpeError } from '../errors.js';

/** Everything a draw may depend on: never `seed + index`, always the whole key, hashed. */
export interface StreamKey {
  seed: number;
  family: string;
  index: number;
  attempt: number;
  label: string;
}

const VERSION = 'rpe-stream-v1';

function checkInteger(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RpeError(
      'stream_key_invalid',
      `random stream key: ${name} must be an integer ≥ ${min}, got ${String(value)}`,
    );
  }
}

function text(name: string, value: string): string {
  return `|${name}:${Buffer.byteLength(value, 'utf8')}:${value}`;
}

/**
 * The canonical byte string of a key. Strings carry their UTF-8 length so no two keys encode
 * alike; the Python runtime (rpe_runtime/streams.py) builds the very same bytes.
 */
export function encodeStreamKey(key: StreamKey): string {
  checkInteger('seed', key.seed, -Number.MAX_SAFE_INTEGER);
  checkInteger('index', key.index, 0);
  checkInteger('attempt', key.attempt, 0);
  return (
    `${VERSION}|seed:${key.seed}${text('family', key.family)}` +
    `|index:${key.index}|attempt:${key.attempt}${text('label', key.label)}`
  );
}

// The seedrandom seed of a key: the lowercase hex SHA-256 of its canonical encoding.
export function streamSeed(key: StreamKey): string {
  return createHash('sha256').update(encodeStreamKey(key), 'utf8').digest('hex');
}
