import { describe, expect, it } from 'vitest';
import { classifyVariants } from './classify-variants.js';
import { parseTag } from './parse-tag.js';
import { VARIANT_NOTES, noteCode } from './variant-rules.js';

const readings = (...pairs: [string, string][]) =>
  pairs.map(([form, tag]) => ({ form, tag, features: parseTag(tag) }));

describe('classifyVariants with SJP.pl', () => {
  const pokoj = readings(['pokoi', 'subst:pl:gen:m3'], ['pokojów', 'subst:pl:gen:m3']);
  const ranks = new Map([['pokoi', 10170]]);
  const rankOf = (f: string) => ranks.get(f) ?? null;

  it('keeps an unranked variant SJP.pl has as an equally standard one', () => {
    const sjp = new Set(['pokoi', 'pokojów']);
    const codes = classifyVariants({
      lemma: 'pokój',
      gender: 'm3',
      readings: pokoj,
      rankOf,
      sjpHas: (f) => sjp.has(f),
    });
    expect(codes).toEqual([0, 1]);
  });

  it('excludes an unranked variant SJP.pl lacks, with that reason', () => {
    const sjp = new Set(['pokoi']);
    const codes = classifyVariants({
      lemma: 'pokój',
      gender: 'm3',
      readings: pokoj,
      rankOf,
      sjpHas: (f) => sjp.has(f),
    });
    expect(codes).toEqual([0, noteCode('notInSjp')]);
    expect(VARIANT_NOTES[noteCode('notInSjp') - 2]).toMatch(/not in the SJP\.pl dictionary/);
  });

  it('never makes a form SJP.pl lacks the gold when it has another', () => {
    const dom = readings(['domie', 'subst:sg:loc:m3'], ['domu', 'subst:sg:loc:m3']);
    const codes = classifyVariants({
      lemma: 'dom',
      gender: 'm3',
      readings: dom,
      rankOf: () => null,
      sjpHas: (f) => f === 'domu',
    });
    expect(codes).toEqual([noteCode('notInSjp'), 0]);
  });

  it('falls back to the frequency list without SJP.pl', () => {
    expect(classifyVariants({ lemma: 'pokój', gender: 'm3', readings: pokoj, rankOf })).toEqual([
      0,
      noteCode('unattested'),
    ]);
  });
});
