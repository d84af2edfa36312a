import { describe, expect, it } from 'vitest';
import { createTailBuffer } from './tail-buffer.js';

describe('createTailBuffer', () => {
  it('keeps only the last bytes of a long stream and counts them all', () => {
    const tail = createTailBuffer(10);
    for (let i = 0; i < 1000; i++) tail.push(Buffer.from(`${i % 10}`));
    expect(tail.text()).toBe('0123456789');
    expect(tail.totalBytes).toBe(1000);
  });

  it('keeps everything while under the limit', () => {
    const tail = createTailBuffer(100);
    tail.push(Buffer.from('abc'));
    tail.push(Buffer.from('def'));
    expect(tail.text()).toBe('abcdef');
  });

  it('drops a character cut in half at the start of the tail', () => {
    const tail = createTailBuffer(5);
    tail.push(Buffer.from('xxżółw'));
    // "ółw" is 5 bytes; the cut "ż" bytes before it must not show as garbage.
    expect(tail.text()).toBe('ółw');
    const odd = createTailBuffer(4);
    odd.push(Buffer.from('ółw'));
    expect(odd.text()).toBe('łw');
  });
});
