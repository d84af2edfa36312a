import { describe, expect, it } from 'vitest';
import { LITTLE_ENDIAN_HOST, hostWords16, hostWords32 } from './host-words.js';

// Little-endian bytes of 0x0201, 0xfffe and of 0x04030201, -2 (0xfffffffe).
const BYTES = [0x01, 0x02, 0xfe, 0xff, 0x01, 0x02, 0x03, 0x04, 0xfe, 0xff, 0xff, 0xff];

describe('hostWords16 and hostWords32', () => {
  it('read little-endian words on either kind of host', () => {
    for (const littleEndian of [true, false]) {
      const bytes = Uint8Array.from(BYTES);
      expect([...hostWords16(bytes, littleEndian).subarray(0, 2)]).toEqual([0x0201, 0xfffe]);
      expect([...hostWords32(bytes.subarray(4), littleEndian)]).toEqual([0x04030201, -2]);
    }
  });

  it('share the memory on this host when the bytes are aligned, and copy them when not', () => {
    const buffer = new ArrayBuffer(16);
    const aligned = new Uint8Array(buffer, 4, 8);
    aligned.set(BYTES.slice(0, 8));
    expect(hostWords32(aligned).buffer === buffer).toBe(LITTLE_ENDIAN_HOST);
    const odd = new Uint8Array(buffer, 3, 4);
    expect(hostWords16(odd).buffer).not.toBe(buffer);
    expect([...hostWords16(odd)]).toEqual([odd[0]! | (odd[1]! << 8), odd[2]! | (odd[3]! << 8)]);
  });
});
