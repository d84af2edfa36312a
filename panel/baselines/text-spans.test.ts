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

  // Each pattern against the input that makes a backtracking one slow: far longer than an item may
  // be (2,000 characters), so a cost of the square of the length could not finish within the
  // test's limit, while a linear scan takes milliseconds.
  const LONG = 100_000;
  it.each([
    ['a run of dashes before a connector', '-'.repeat(LONG) + ' czy'],
    ['a run of dashes with no slash', '-'.repeat(LONG)],
    ['dashes before a slash at the end', '-'.repeat(LONG) + ' /'],
  ])('choiceOptions stays linear on %s', (_name, input) => {
    expect(choiceOptions(input)).toBeNull();
  });

  it('choiceOptions still finds the choice after a long run of dashes', () => {
    expect(choiceOptions('-'.repeat(LONG) + ' kot czy kota')).toEqual(['kot', 'kota']);
    // A dash is a word character here, as it was for the pattern this scan replaces.
    expect(choiceOptions('- '.repeat(LONG / 2) + 'czy x')).toEqual(['-', 'x']);
  });

  it('wordsOf stays linear on a long run of punctuation before a letter', () => {
    expect(wordsOf('-'.repeat(LONG) + 'a')).toEqual(['a']);
    expect(wordsOf('a' + '!'.repeat(LONG) + ' b')).toEqual(['a', 'b']);
  });

  it('bracketed and quoted spans stay linear on openers with no closer', () => {
    expect(bracketedSpans('('.repeat(LONG))).toEqual([]);
    expect(quotedSpans('„'.repeat(LONG))).toEqual([]);
    expect(quotedSpans('"'.repeat(LONG))).toEqual([]);
  });
});
