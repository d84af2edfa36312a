import { describe, expect, it } from 'vitest';
import { parseTag } from './parse-tag.js';
import { differInStem, splitParallelParadigms } from './split-parallel-paradigms.js';

const readings = (lines: string) =>
  lines
    .trim()
    .split('\n')
    .map((line) => {
      const [form = '', tag = ''] = line.trim().split(' ');
      return { form, tag, features: parseTag(tag) };
    });

describe('differInStem', () => {
  it('tells a second stem from a second ending', () => {
    for (const [a, b] of [
      ['lat', 'roków'],
      ['rządu', 'rzędu'],
      ['lwa', 'lewa'],
      ['wyślę', 'wyścielę'],
    ])
      expect(differInStem(a as string, b as string), `${a}/${b}`).toBe(true);
    for (const [a, b] of [
      ['rękami', 'rękoma'],
      ['dni', 'dnie'],
      ['lekarzy', 'lekarzów'],
      ['karach', 'karych'],
      ['koszul', 'koszuli'],
      // Verb variants: the -ną- of -nąć verbs, a prefix with or without its -e.
      ['zniknęła', 'znikła'],
      ['wybuchnął', 'wybuchł'],
      ['zeszedł', 'zszedł'],
      ['wzeszła', 'wzszła'],
    ])
      expect(differInStem(a as string, b as string), `${a}/${b}`).toBe(false);
  });
});

describe('splitParallelParadigms', () => {
  it('splits the contracted possessives from the full ones; shared forms go to both', () => {
    const sides = splitParallelParadigms(
      readings(`
        mój adj:sg:nom.voc:m1.m2.m3:pos
        moja adj:sg:nom.voc:f:pos
        ma adj:sg:nom.voc:f:pos
        moje adj:sg:nom.voc:n1.n2:pos
        me adj:sg:nom.voc:n1.n2:pos
        mojego adj:sg:gen:m1.m2.m3.n1.n2:pos
        mego adj:sg:gen:m1.m2.m3.n1.n2:pos
        moich adj:pl:gen:m1.m2.m3.f.n1.n2.p1.p2.p3:pos
        mych adj:pl:gen:m1.m2.m3.f.n1.n2.p1.p2.p3:pos
      `),
    ).map((side) => side.map((r) => r.form).sort());
    expect(sides).toEqual([
      ['ma', 'me', 'mego', 'mych', 'mój'],
      ['moich', 'moja', 'moje', 'mojego', 'mój'],
    ]);
  });

  it('leaves a paradigm with ending variants whole', () => {
    const one = readings(`
      rękami subst:pl:inst:f
      rękoma subst:pl:inst:f
      rękach subst:pl:loc:f
      ręku subst:pl:loc:f
    `);
    expect(splitParallelParadigms(one)).toEqual([one]);
  });
});
