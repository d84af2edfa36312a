// The public door of framework/random: keyed seeded streams.
export { createStream, streamFromSeedHex, type Rng } from './create-stream.js';
export { encodeStreamKey, streamSeed, type StreamKey } from './stream-seed.js';
