/** Whether this machine stores numbers least significant byte first, as the packed data does. */
export const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The little-endian 16-bit words of `bytes` in the host's order: a view of the same memory on a
 * little-endian machine when the bytes start at an even address, else a converted copy.
 * `bytes.length` must be even.
 */
export function hostWords16(bytes: Uint8Array, littleEndian = LITTLE_ENDIAN_HOST): Uint16Array {
  const n = bytes.length >> 1;
  if (littleEndian && bytes.byteOffset % 2 === 0) {
    return new Uint16Array(bytes.buffer, bytes.byteOffset, n);
  }
  const words = new Uint16Array(n);
  for (let i = 0; i < n; i++)
    words[i] = (bytes[2 * i] as number) | ((bytes[2 * i + 1] as number) << 8);
  return words;
}

/** The little-endian signed 32-bit words of `bytes` in the host's order, like hostWords16. */
export function hostWords32(bytes: Uint8Array, littleEndian = LITTLE_ENDIAN_HOST): Int32Array {
  const n = bytes.length >> 2;
  if (littleEndian && bytes.byteOffset % 4 === 0) {
    return new Int32Array(bytes.buffer, bytes.byteOffset, n);
  }
  const words = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const o = 4 * i;
    words[i] =
      (bytes[o] as number) |
      ((bytes[o + 1] as number) << 8) |
      ((bytes[o + 2] as number) << 16) |
      ((bytes[o + 3] as number) << 24);
  }
  return words;
}
