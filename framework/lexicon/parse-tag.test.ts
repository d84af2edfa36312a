import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.js';
import { parseTag, splitTags } from './parse-tag.js';

describe('parseTag', () => {
  it('keeps a position’s "." alternatives as a set', () => {
    const f = parseTag('adj:sg:nom.voc:f:pos');
    expect(f.pos).toBe('adj');
    expect(f.number).toEqual(['sg']);
    expect(f.case).toEqual(['nom', 'voc']);
    expect(f.gender).toEqual(['f']);
    expect(f.degree).toEqual(['pos']);
    expect(f.values).toEqual(['adj', 'sg', 'nom', 'voc', 'f', 'pos']);
  });

  it('reads the verb form class, person, aspect and reflexivity', () => {
    const f = parseTag('verb:praet:pl:m2.m3.f.n1.n2.p2.p3:ter:imperf:nonrefl');
    expect(f.pos).toBe('verb');
    expect(f.flex).toBe('praet');
    expect(f.gender).toEqual(['m2', 'm3', 'f', 'n1', 'n2', 'p2', 'p3']);
    expect(f.person).toEqual(['ter']);
    expect(f.aspect).toEqual(['imperf']);
    expect(f.reflexivity).toEqual(['nonrefl']);
  });

  it('reads accommodation of numerals and accentability of pronouns', () => {
    expect(parseTag('num:pl:dat.loc:n1.p1.p2:congr.rec').accommodation).toEqual(['congr', 'rec']);
    const on = parseTag('ppron3:sg:gen:m1.m2.m3:ter:nakc:praep');
    expect([on.accentability, on.postPrepositionality, on.person]).toEqual([
      ['nakc'],
      ['praep'],
      ['ter'],
    ]);
  });

  it('tells the predicative part of speech from the verb form class "pred"', () => {
    expect(parseTag('pred')).toMatchObject({ pos: 'pred', flex: null });
    expect(parseTag('verb:pred:pot:imperf:nonrefl')).toMatchObject({ pos: 'verb', flex: 'pred' });
    expect(parseTag('num:comp')).toMatchObject({ pos: 'num', flex: 'comp' });
  });

  it('rejects values outside the tagset', () => {
    expect(() => parseTag('subst:sg:nom:m4')).toThrow(/unknown value "m4"/);
    expect(() => parseTag('noun:sg')).toThrow(/unknown part of speech "noun"/);
  });

  it('splits packed alternatives into one tag per reading', () => {
    expect(splitTags('subst:sg:acc:m1+subst:sg:gen:m1')).toEqual([
      'subst:sg:acc:m1',
      'subst:sg:gen:m1',
    ]);
  });
});

describe('parseQuery', () => {
  it('accepts values in any order and drops repeats', () => {
    expect(parseQuery('gen:pl:subst:pl')).toEqual(['gen', 'pl', 'subst']);
  });

  it('rejects unknown and empty values as usage errors', () => {
    expect(() => parseQuery('subst:plural')).toThrow(expect.objectContaining({ exitCode: 2 }));
    expect(() => parseQuery('subst::gen')).toThrow(/empty value/);
  });
});
