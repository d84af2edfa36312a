import { describe, expect, it } from 'vitest';
import { changedHashes, runnableExamples, sameShape } from './runnable-examples.js';

describe('runnable examples', () => {
  it('reads the commands and outputs of ```console runnable blocks only', () => {
    const text = [
      '```console',
      '$ npx rpe skipped',
      '```',
      '```console runnable',
      '$ npx rpe hash data',
      'sha256:abc',
      '$ echo x',
      'x',
      '```',
      '```console runnable docker',
      '$ npx rpe sandbox run DIR',
      'verdict\teligible',
      '```',
    ].join('\n');
    expect(runnableExamples('d.md', text)).toEqual([
      {
        file: 'd.md',
        line: 4,
        docker: false,
        steps: [
          { command: 'npx rpe hash data', output: ['sha256:abc'] },
          { command: 'echo x', output: ['x'] },
        ],
      },
      {
        file: 'd.md',
        line: 10,
        docker: true,
        steps: [{ command: 'npx rpe sandbox run DIR', output: ['verdict\teligible'] }],
      },
    ]);
  });

  it('lets numbers, durations and IDs differ but not words, lines or content hashes', () => {
    const doc = ['seed 0\tok\t60 items\t0.80 s\tsha256:ca63d0db02550fe64a5b\tcommit 738b37c1955b'];
    const same = [
      'seed 1\tok\t150 items\t12.5 s\tsha256:ca63d0db02550fe64a5b\tcommit 0123456789ab',
    ];
    expect(sameShape(doc, same)).toBe(true);
    const otherHash = [
      'seed 1\tok\t150 items\t12.5 s\tsha256:0123456789abcdef0123\tcommit 738b37c1955b',
    ];
    expect(sameShape(doc, otherHash)).toBe(false);
    expect(sameShape(doc, otherHash, 'mask')).toBe(true);
    expect(changedHashes(doc, otherHash)).toEqual([
      ['sha256:ca63d0db02550fe64a5b', 'sha256:0123456789abcdef0123'],
    ]);
    expect(changedHashes(doc, same)).toEqual([]);
    const otherWord = [
      'seed 1\tfailed\t150 items\t12.5 s\tsha256:0123456789abcdef\tcommit 738b37c1955b',
    ];
    expect(sameShape(doc, otherWord, 'mask')).toBe(false);
    expect(changedHashes(doc, otherWord)).toEqual([]);
    expect(sameShape(doc, [...doc, 'one more line'])).toBe(false);
    expect(sameShape(doc, [])).toBe(false);
  });

  it('reads a documented `...` line as any number of lines', () => {
    const doc = ['first', '...', 'last'];
    expect(sameShape(doc, ['first', 'last'])).toBe(true);
    expect(sameShape(doc, ['first', 'a', 'b', 'last'])).toBe(true);
    expect(sameShape(doc, ['first', 'a'])).toBe(false);
  });
});
