import { describe, expect, it } from 'vitest';
import { createHeadBuffer, createSplitBuffer, createTailBuffer } from './capped-buffer.js';

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

describe('createSplitBuffer', () => {
  const marker = Buffer.from('<MARK>');
  const split = () => createSplitBuffer(marker, createTailBuffer(8), createHeadBuffer(5));

  it('cuts at the marker, whatever the chunks, and caps each side its own way', () => {
    const text = 'generator says hello<MARK>header and more';
    for (const size of [1, 2, 3, 5, 6, 7, 100]) {
      const s = split();
      for (let i = 0; i < text.length; i += size) s.write(Buffer.from(text.slice(i, i + size)));
      expect(s.before.bytes().toString()).toBe('ys hello');
      expect(s.before.truncated).toBe(true);
      expect(s.after()?.toString()).toBe('heade');
    }
  });

  it('keeps a marker that never came as output before it, with null after', () => {
    const s = split();
    s.write(Buffer.from('ab<MA'));
    s.write(Buffer.from('RK'));
    expect(s.after()).toBeNull();
    expect(s.before.bytes().toString()).toBe('ab<MARK');
    expect(s.before.total).toBe(7);
  });

  it('takes only the first marker: a second one belongs to what follows', () => {
    let calls = 0;
    const s = createSplitBuffer(
      marker,
      createTailBuffer(100),
      createHeadBuffer(100),
      () => calls++,
    );
    s.write(Buffer.from('ab<MA'));
    expect(calls).toBe(0);
    s.write(Buffer.from('RK>x<MARK>y'));
    expect(calls).toBe(1);
    expect(s.before.bytes().toString()).toBe('ab');
    expect(s.after()?.toString()).toBe('x<MARK>y');
    expect(calls).toBe(1);
  });
});
