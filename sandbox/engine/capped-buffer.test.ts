import { describe, expect, it } from 'vitest';
import { createHeadBuffer, createTailBuffer } from './capped-buffer.js';

describe('createTailBuffer', () => {
  it('keeps the last bytes of a flood of small chunks and counts everything', () => {
    const tail = createTailBuffer(10);
    for (let i = 0; i < 100_000; i++) tail.write(Buffer.from(`${i % 10}`));
    expect(tail.bytes().toString()).toBe('0123456789');
    expect(tail.total).toBe(100_000);
    expect(tail.truncated).toBe(true);
  });

  it('keeps everything under the cap', () => {
    const tail = createTailBuffer(10);
    tail.write(Buffer.from('abc'));
    expect(tail.bytes().toString()).toBe('abc');
    expect(tail.truncated).toBe(false);
  });
});

describe('createHeadBuffer', () => {
  it('keeps the first bytes and drops the rest, even inside one chunk', () => {
    const head = createHeadBuffer(4);
    head.write(Buffer.from('abcdef'));
    head.write(Buffer.from('ghi'));
    expect(head.bytes().toString()).toBe('abcd');
    expect(head.total).toBe(9);
    expect(head.truncated).toBe(true);
  });
});
