import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLexicon } from './build-lexicon.js';
import type { Lexicon } from './lexicon.js';
import { openLexicon } from './open-lexicon.js';

// Real Morfologik lines (trimmed to the cells the tests ask), with made-up ranks.
const ROWS = `
upaść;upadła;verb:praet:sg:f:ter:perf:nonrefl
upaść;upadłam;verb:praet:sg:f:pri:perf:nonrefl
upaść;upadł;verb:praet:sg:m1.m2.m3:ter:perf:nonrefl
upaść;upasła;verb:praet:sg:f:ter:perf:refl.nonrefl
upaść;upasł;verb:praet:sg:m1.m2.m3:ter:perf:refl.nonrefl
upaść;upasiona;ppas:sg:nom.voc:f:perf:aff
upaść;upasiono;verb:imps:perf:refl.nonrefl
upaść;upadnięto;verb:imps:perf:nonrefl
koszula;koszula;subst:sg:nom:f
koszula;koszul;subst:pl:gen:f
koszula;koszuli;subst:pl:gen:f+subst:sg:dat:f+subst:sg:gen:f+subst:sg:loc:f
lekarz;lekarzy;subst:pl:acc:m1+subst:pl:gen:m1
lekarz;lekarzów;subst:pl:acc:m1+subst:pl:gen:m1
talerz;talerzy;subst:pl:gen:m3
talerz;talerzów;subst:pl:gen:m3
ręka;rękami;subst:pl:inst:f
ręka;rękoma;subst:pl:inst:f
dłoń;dłoniami;subst:pl:inst:f
dłoń;dłońmi;subst:pl:inst:f
dom;domu;subst:sg:gen:m3+subst:sg:loc:m3+subst:sg:voc:m3
dom;domie;subst:sg:loc:m3+subst:sg:voc:m3
wysoki;wysocy;adj:pl:nom.voc:m1.p1:pos
wysoki;wyżsi;adj:pl:nom.voc:m1.p1:com
wysoki;najwyżsi;adj:pl:nom.voc:m1.p1:sup
rok;lat;subst:pl:gen:m3
rok;roków;subst:pl:gen:m3
rok;lata;subst:pl:acc:m3+subst:pl:nom:m3+subst:pl:voc:m3
rok;roki;subst:pl:acc:m3+subst:pl:nom:m3+subst:pl:voc:m3
rok;latach;subst:pl:loc:m3
rok;rokach;subst:pl:loc:m3
kuchnia;kuchni;subst:pl:gen:f+subst:sg:gen:f
kuchnia;kuchen;subst:pl:gen:f
dać;daj;verb:impt:sg:sec:perf:refl.nonrefl
dać;dajże;verb:impt:sg:sec:perf:refl.nonrefl
czytać;czytała;verb:praet:sg:f:ter:imperf:refl.nonrefl
czytać;czytałam;verb:praet:sg:f:pri:imperf:refl.nonrefl
czytać;czytałaś;verb:praet:sg:f:sec:imperf:refl.nonrefl
trzy;trzem;num:pl:dat:m1.m2.m3.n2.f:congr
trzy;trojgu;num:pl:dat.loc:n1.p1.p2:congr.rec
trzysta;trzystu;num:pl:gen.dat.inst.loc:m1.m2.m3.f.n1.n2.p1.p2:congr
trzysta;trzechset;num:pl:gen.loc:m1.m2.m3.f.n1.n2.p1.p2:congr
zniknąć;zniknął;verb:praet:sg:m1.m2.m3:ter:perf:nonrefl
zniknąć;znikł;verb:praet:sg:m1.m2.m3:ter:perf:nonrefl
zniknąć;zniknęła;verb:praet:sg:f:ter:perf:nonrefl
zniknąć;znikła;verb:praet:sg:f:ter:perf:nonrefl
wybuchnąć;wybuchł;verb:praet:sg:m1.m2.m3:ter:perf:nonrefl
wybuchnąć;wybuchnął;verb:praet:sg:m1.m2.m3:ter:perf:nonrefl
uzupełnić;uzupełnij;verb:impt:sg:sec:perf:refl.nonrefl
uzupełnić;uzupełń;verb:impt:sg:sec:perf:refl.nonrefl
zmienić;zmień;verb:impt:sg:sec:perf:refl.nonrefl
mieszkaniec;mieszkańcu;subst:sg:voc:m1
mieszkaniec;mieszkańcze;subst:sg:voc:m1
chłopiec;chłopcze;subst:sg:voc:m1
chłopiec;chłopcu;subst:sg:voc:m1
Turek;Turek;subst:sg:gen:f+subst:sg:nom:f+subst:sg:nom:m1
Turek;Turka;subst:sg:gen:m1
`;
const RANKS: Record<string, number> = {
  upadła: 50,
  koszuli: 30,
  lekarzy: 20,
  rękami: 10,
  rękoma: 11,
  domu: 5,
  najwyżsi: 3,
  lat: 4,
  lata: 6,
  latach: 7,
  kuchni: 12,
  daj: 2,
  czytałam: 8,
  zniknął: 40,
  zniknęła: 41,
  znikła: 42,
  wybuchł: 43,
  chłopcze: 44,
};

let dir: string;
let lexicon: Lexicon;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-answer-'));
  const out = join(dir, 'answers.sqlite');
  const rows = ROWS.trim()
    .split('\n')
    .map((line) => {
      const [lemma = '', form = '', tags = ''] = line.split(';');
      return { lemma, form, tags };
    });
  buildLexicon({ rows, out, rankOf: (f) => RANKS[f] ?? null, source: 'answer rows' });
  lexicon = openLexicon(out);
});
afterAll(() => {
  lexicon.close();
  rmSync(dir, { recursive: true, force: true });
});

const short = (lemma: string, query: string) => {
  const { gold, aliases, excluded } = lexicon.answer(lemma, query);
  return { gold, aliases, excluded: excluded.map((e) => e.form) };
};

describe('answer', () => {
  it('keeps to one lexeme: upadła, never upasła (another verb spelled alike)', () => {
    const answer = lexicon.answer('upaść', 'praet:sg:f');
    expect(answer).toMatchObject({
      gold: 'upadła',
      aliases: [],
      lemma: 'upaść',
      query: 'praet:sg:f',
      tag: 'verb:praet:sg:f:ter:perf:nonrefl',
      lexeme: { lemma: 'upaść', pos: 'verb', aspect: 'perf', reflexivity: 'nonrefl', sense: 1 },
    });
    // In form order (rank, then code point), each form once with its reason.
    expect(answer.excluded).toEqual([
      { form: 'upadłam', why: 'person pri: a query without a person means the third person' },
      { form: 'upasła', why: 'another lexeme: upaść (verb perf refl.nonrefl, sense 2)' },
    ]);
  });

  it('puts a passive participle with the verb whose stem it shares', () => {
    const [fall, fatten] = lexicon.lexemes({ lemma: 'upaść' }).sort((a, b) => a.sense - b.sense);
    expect(() => lexicon.answer(fall ?? 'upaść', 'ppas')).toThrow(
      expect.objectContaining({ code: 'no_such_form' }),
    );
    expect(lexicon.answer(fatten ?? 'upaść', 'ppas').gold).toBe('upasiona');
  });

  it('answers with a named lexeme and takes excluded forms back with allow', () => {
    const fatten = lexicon.lexemes({ lemma: 'upaść', reflexivity: 'refl.nonrefl' })[0];
    expect(lexicon.answer(fatten ?? 'upaść', 'praet:sg:f:ter').gold).toBe('upasła');
    expect(lexicon.answer('dać', 'impt:sg', { allow: ['dajże'] })).toMatchObject({
      gold: 'daj',
      aliases: ['dajże'],
      excluded: [],
    });
    expect(() => lexicon.answer('dać', 'impt:sg', { allow: ['dajcie'] })).toThrow(
      expect.objectContaining({ code: 'lexicon_bad_override', exitCode: 2 }),
    );
  });

  it('takes the form of the cell itself, not a frequent form of other cells: koszul', () => {
    expect(short('koszula', 'subst:pl:gen')).toEqual({
      gold: 'koszul',
      aliases: [],
      excluded: ['koszuli'],
    });
    expect(lexicon.answer('koszula', 'subst:pl:gen').excluded[0]?.why).toMatch(/other number too/);
    // Without a number the most frequent standard form wins, and koszul is another cell.
    expect(lexicon.answer('koszula', 'subst:gen')).toMatchObject({
      gold: 'koszuli',
      aliases: [],
      excluded: [{ form: 'koszul', why: 'another cell: subst:pl:gen:f' }],
    });
  });

  it('drops substandard and unattested variants and keeps equally standard ones', () => {
    expect(short('lekarz', 'subst:pl:gen')).toEqual({
      gold: 'lekarzy',
      aliases: [],
      excluded: ['lekarzów'],
    });
    expect(short('talerz', 'subst:pl:gen')).toEqual({
      gold: 'talerzy',
      aliases: [],
      excluded: ['talerzów'],
    });
    expect(short('kuchnia', 'subst:pl:gen').gold).toBe('kuchni');
    expect(short('dom', 'subst:sg:voc')).toEqual({
      gold: 'domu',
      aliases: [],
      excluded: ['domie'],
    });
    expect(short('ręka', 'subst:pl:inst')).toEqual({
      gold: 'rękami',
      aliases: ['rękoma'],
      excluded: [],
    });
    // Neither ranked: the one closer to the lemma first, the other stays as an alias.
    expect(short('dłoń', 'subst:pl:inst')).toEqual({
      gold: 'dłońmi',
      aliases: ['dłoniami'],
      excluded: [],
    });
    expect(short('dać', 'impt:sg:sec')).toEqual({ gold: 'daj', aliases: [], excluded: ['dajże'] });
  });

  it('reads a query without a degree as the positive degree', () => {
    const answer = lexicon.answer('wysoki', 'adj:pl:nom:m1');
    expect(answer.gold).toBe('wysocy');
    expect(answer.excluded.map((e) => [e.form, e.why.split(':')[0]])).toEqual([
      ['najwyżsi', 'degree sup'],
      ['wyżsi', 'degree com'],
    ]);
    expect(lexicon.answer('wysoki', 'adj:pl:nom:m1:com').gold).toBe('wyżsi');
  });

  it('reads a query without a person as the third person: czytała, not the more frequent czytałam', () => {
    expect(short('czytać', 'praet:sg:f')).toEqual({
      gold: 'czytała',
      aliases: [],
      excluded: ['czytałam', 'czytałaś'],
    });
    expect(lexicon.answer('czytać', 'praet:sg:f').excluded[1]?.why).toBe(
      'person sec: a query without a person means the third person',
    );
    expect(lexicon.answer('czytać', 'praet:sg:f:pri').gold).toBe('czytałam');
  });

  it('reads a numeral query without a gender as the main forms, not the collective ones', () => {
    expect(short('trzy', 'num:dat')).toEqual({ gold: 'trzem', aliases: [], excluded: ['trojgu'] });
    expect(lexicon.answer('trzy', 'num:dat').excluded[0]?.why).toMatch(/^collective numeral/);
    expect(lexicon.answer('trzy', 'num:dat:n1').gold).toBe('trojgu');
  });

  it('never answers with a curated form, even alone in its cell: trzystu, not trzechset', () => {
    // Neither is ranked, and trzechset comes first in code-point order.
    const answer = lexicon.answer('trzysta', 'num:gen');
    expect(answer).toMatchObject({ gold: 'trzystu', aliases: [] });
    expect(answer.excluded).toEqual([
      { form: 'trzechset', why: expect.stringMatching(/^a colloquial or archaic form/) },
    ]);
    expect(lexicon.forms('trzysta', 'num:gen').map((r) => [r.form, r.variant])).toEqual([
      ['trzechset', 8],
      ['trzystu', 0],
    ]);
  });

  it('keeps the -ną- variants of a verb whose series the frequency list attests: znikł', () => {
    // znikła is ranked, so znikł (unranked) is an alias, not an unattested variant.
    expect(short('zniknąć', 'praet:sg:m1:ter')).toEqual({
      gold: 'zniknął',
      aliases: ['znikł'],
      excluded: [],
    });
    expect(short('zniknąć', 'praet:sg:f:ter').aliases).toEqual(['znikła']);
    // No form of the -ną- series is ranked: wybuchnął stays out.
    expect(short('wybuchnąć', 'praet:sg:m1:ter')).toEqual({
      gold: 'wybuchł',
      aliases: [],
      excluded: ['wybuchnął'],
    });
  });

  it('drops wypełń-type imperatives and literary vocatives in -cze unless attested', () => {
    expect(short('uzupełnić', 'impt:sg')).toEqual({
      gold: 'uzupełnij',
      aliases: [],
      excluded: ['uzupełń'],
    });
    expect(short('zmienić', 'impt:sg').gold).toBe('zmień');
    expect(short('mieszkaniec', 'subst:sg:voc')).toEqual({
      gold: 'mieszkańcu',
      aliases: [],
      excluded: ['mieszkańcze'],
    });
    expect(short('chłopiec', 'subst:sg:voc').gold).toBe('chłopcze');
  });

  it('makes the declining lexeme the main one, not a one-form homograph: Turka', () => {
    expect(lexicon.lexemes({ lemma: 'Turek' }).map((l) => [l.gender, l.sense])).toEqual([
      ['f', 2],
      ['m1', 1],
    ]);
    expect(short('Turek', 'subst:sg:gen')).toEqual({
      gold: 'Turka',
      aliases: [],
      excluded: ['Turek'],
    });
  });

  it('splits parallel paradigms: lat, lata and latach, not roków, roki, rokach', () => {
    expect(short('rok', 'subst:pl:gen')).toEqual({ gold: 'lat', aliases: [], excluded: ['roków'] });
    expect(short('rok', 'subst:pl:nom').gold).toBe('lata');
    const senses = lexicon.lexemes({ lemma: 'rok' }).map((l) => l.sense);
    expect(senses.sort()).toEqual([1, 2]);
  });

  it('keeps what allow takes back to the one answer, however often it is asked', () => {
    for (let ask = 0; ask < 4; ask++) {
      const allowed = lexicon.answer('kuchnia', 'subst:pl:gen', { allow: ['kuchen'] });
      expect(allowed).toMatchObject({ gold: 'kuchni', aliases: ['kuchen'], excluded: [] });
      allowed.excluded.push({ form: 'x', why: 'y' });
      const plain = lexicon.answer('kuchnia', 'subst:pl:gen');
      expect(plain.aliases).toEqual([]);
      expect(plain.excluded.map((e) => e.form)).toEqual(['kuchen']);
      plain.aliases.push('x');
    }
  });

  it('gives form() the gold and copies of every answer', () => {
    expect(lexicon.form('koszula', 'subst:pl:gen')).toBe('koszul');
    lexicon.answer('ręka', 'subst:pl:inst').aliases.pop();
    expect(lexicon.answer('ręka', 'subst:pl:inst').aliases).toEqual(['rękoma']);
  });
});
