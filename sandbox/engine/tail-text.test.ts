import { describe, expect, it } from 'vitest';
import { createTailBuffer, tailText } from './capped-buffer.js';

describe('createTailBuffer with tailText', () => {
  it('keeps only the last bytes of a long stream and counts them all', () => {
    const tail = createTailBuffer(10);
    for (let i = 0; i < 1000; i++) tail.write(Buffer.from(`${i % 10}`));
    expect(tailText(tail.bytes())).toBe('0123456789');
    expect(tail.total).toBe(1000);
  });

  it('keeps everything while under the limit', () => {
    const tail = createTailBuffer(100);
    tail.write(Buffer.from('abc'));
    tail.write(Buffer.from('def'));
    expect(tailText(tail.bytes())).toBe('abcdef');
  });

  it('drops a character cut in half at the start of the tail', () => {
    const tail = createTailBuffer(5);
    tail.write(Buffer.from('xxżółw'));
    // "ółw" is 5 bytes; the cut "ż" bytes before it must not show as garbage.
    expect(tailText(tail.bytes())).toBe('ółw');
    const odd = createTailBuffer(4);
    odd.write(Buffer.from('ółw'));
    expect(tailText(odd.bytes())).toBe('łw');
  });
});
