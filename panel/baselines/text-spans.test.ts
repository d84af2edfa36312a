import { describe, expect, it } from 'vitest';
import { bracketedSpans, choiceOptions, quotedSpans, wordsOf } from './text-spans.js';

describe('text spans', () => {
  it('finds bracketed and quoted passages in order of opening', () => {
    expect(bracketedSpans('a [kot] b (pies, m2) c ( ) [x')).toEqual(['kot', 'pies, m2']);
    expect(quotedSpans('Zdanie „Ala ma kota” i "drugie" oraz «trzecie» i „czwarte“')).toEqual([
      'Ala ma kota',
      'drugie',
      'trzecie',
      'czwarte',
    ]);
    expect(quotedSpans('bez cudzysłowów')).toEqual([]);
  });

  it('splits words and trims punctuation around them', () => {
    expect(wordsOf('„Nie mam ___”: kot, czy kota?! – 3 zł')).toEqual([
      'Nie',
      'mam',
      'kot',
      'czy',
      'kota',
      '3',
      'zł',
    ]);
  });

  it('reads the two options of a choice in the last line', () => {
    expect(choiceOptions('Zdanie.\nWybierz: kot czy kota?')).toEqual(['kot', 'kota']);
    expect(choiceOptions('Która forma: „psu” lub „psa”?')).toEqual(['psu', 'psa']);
    expect(choiceOptions('Podaj rodzaj: on/ona')).toEqual(['on', 'ona']);
    expect(choiceOptions('Czy to prawda?')).toBeNull();
  });
});
