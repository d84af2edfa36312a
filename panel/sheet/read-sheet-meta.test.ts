import { describe, expect, it } from 'vitest';
import { isRpeError } from '../../framework/index.js';
import { readSheetMeta } from './read-sheet-meta.js';

describe('readSheetMeta', () => {
  it('reads family and phenomenon, and lemma and tag when a line has them', () => {
    const text = [
      '{"family":"named-subject","phenomenon":"Zgoda."}',
      '{"family":"paucal","phenomenon":"Liczebnik.","lemma":"kot","tag":"subst:pl:nom:m2","x":1}',
      '{"family":"f","phenomenon":"p","lemma":null,"tag":["adj:sg:nom:m1:pos","adj:sg:acc:m2:pos"]}',
    ].join('\n');
    expect(readSheetMeta(`${text}\n`, 'm.jsonl')).toEqual([
      { family: 'named-subject', phenomenon: 'Zgoda.', lemma: '', tag: '' },
      { family: 'paucal', phenomenon: 'Liczebnik.', lemma: 'kot', tag: 'subst:pl:nom:m2' },
      { family: 'f', phenomenon: 'p', lemma: '', tag: 'adj:sg:nom:m1:pos; adj:sg:acc:m2:pos' },
    ]);
  });

  it.each([
    ['{"family":"a"}\nnot json\n', 'm.jsonl: line 2: not valid JSON'],
    ['{"family":"a"}\n\n', 'm.jsonl: line 2: not valid JSON'],
    ['[1]\n', /^m\.jsonl: line 1: must be an object of texts/],
    ['{"family":3}\n', /^m\.jsonl: line 1: "family" must be an object of texts/],
  ])('names the file and line of a bad line: %j', (text, message) => {
    let error: unknown;
    try {
      readSheetMeta(text, 'm.jsonl');
    } catch (e) {
      error = e;
    }
    expect(isRpeError(error) && error.code).toBe('invalid_meta');
    expect((error as Error).message).toMatch(message);
  });
});
