// Checks against the vendored data/morphology.sqlite: forms verified by hand, the ones generators
// lean on (suppletion, numerals, past tense by gender, adjectives by case and gender).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lexicon, openLexicon } from '../../framework/lexicon/index.js';

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = openLexicon();
});
afterAll(() => lexicon.close());

// [lemma, query, the distinct forms in canonical order]
const CASES: [string, string, string[]][] = [
  ['człowiek', 'subst:pl:nom', ['ludzie']],
  ['człowiek', 'subst:pl:gen', ['ludzi']],
  ['rok', 'subst:pl:gen', ['lat', 'roków']],
  ['rok', 'subst:pl:nom', ['lata', 'roki']],
  ['kot', 'subst:pl:gen', ['kotów']],
  ['dziecko', 'subst:pl:nom', ['dzieci']],
  ['brat', 'subst:pl:nom', ['bracia']],
  ['tydzień', 'subst:pl:gen', ['tygodni']],
  ['ręka', 'subst:pl:gen', ['rąk']],
  ['ręka', 'subst:pl:inst', ['rękami', 'rękoma']],
  ['dwa', 'num:nom:m1:congr', ['dwaj']],
  ['dwa', 'num:nom:f', ['dwie']],
  ['dwa', 'num:nom:n2', ['dwa']],
  ['dwa', 'num:acc:m1', ['dwóch', 'dwu']],
  ['pięć', 'num:nom:m2', ['pięć']],
  ['pięć', 'num:nom:m1', ['pięciu']],
  ['oba', 'num:nom:m1', ['obaj', 'obu']],
  ['być', 'praet:sg:m1:ter', ['był']],
  ['być', 'praet:sg:f:ter', ['była']],
  ['być', 'praet:sg:n2:ter', ['było']],
  ['być', 'praet:pl:m1:ter', ['byli']],
  ['być', 'praet:pl:f:ter', ['były']],
  ['być', 'fin:sg:ter', ['jest']],
  ['być', 'bedzie:pl:pri', ['będziemy']],
  ['iść', 'praet:sg:m1:ter', ['szedł']],
  ['mieć', 'praet:pl:m1:ter', ['mieli']],
  ['dobry', 'adj:sg:nom:m1:pos', ['dobry']],
  ['dobry', 'adj:sg:gen:f:pos', ['dobrej']],
  ['dobry', 'adj:sg:inst:n2:pos', ['dobrym']],
  ['dobry', 'adj:pl:nom:m1:pos', ['dobrzy']],
  ['dobry', 'adj:pl:nom:f:pos', ['dobre']],
  ['dobry', 'adj:sg:nom:m1:com', ['lepszy']],
  ['dobry', 'adj:sg:nom:f:sup', ['najlepsza']],
  ['jeden', 'adj:sg:nom:f', ['jedna']],
  ['się', 'siebie:dat', ['sobie', 'se']],
  ['powinien', 'winien:sg:f:ter', ['powinna']],
  ['w', 'prep:loc:wok', ['we']],
  ['trzeba', 'pred', ['trzeba']],
  ['Anna', 'subst:sg:gen', ['Anny']],
  ['Kowalski', 'subst:pl:nom', ['Kowalscy']],
  ['Kowalska', 'subst:sg:gen', ['Kowalskiej']],
];

describe('the vendored snapshot', () => {
  it.each(CASES)('%s %s → %j', (lemma, query, expected) => {
    expect([...new Set(lexicon.forms(lemma, query).map((r) => r.form))]).toEqual(expected);
  });

  it('gives kotów as the canonical subst:pl:gen of kot', () => {
    expect(lexicon.form('kot', 'subst:pl:gen')).toBe('kotów');
  });

  it('keeps pies m2 (psy, the main lexeme) and pies m1 (psowie) apart', () => {
    const pies = lexicon.lexemes({ lemma: 'pies', pos: 'subst' });
    expect(pies.map((l) => [l.gender, l.sense])).toEqual([
      ['m2', 1],
      ['m1', 2],
    ]);
    const plural = pies.map((l) => lexicon.forms(l, 'subst:pl:nom').map((r) => r.form));
    expect(plural).toEqual([['psy'], ['psowie']]);
  });

  it('analyses an ambiguous form into every lemma', () => {
    const lemmas = new Set(lexicon.analyse('lat').map((r) => r.lexeme.lemma));
    expect(lemmas).toEqual(new Set(['rok', 'lato']));
  });

  it('refuses unknown lemmas and missing forms', () => {
    expect(() => lexicon.forms('kotx', 'subst:pl:gen')).toThrow(
      expect.objectContaining({ code: 'unknown_lemma' }),
    );
    expect(() => lexicon.forms('kot', 'praet:sg')).toThrow(
      expect.objectContaining({ code: 'no_such_form' }),
    );
  });

  it('covers the closed classes and names', () => {
    for (const pos of ['num', 'ppron12', 'ppron3', 'siebie', 'prep', 'conj', 'qub', 'pred']) {
      expect(lexicon.lexemes({ pos, limit: 1 }), pos).toHaveLength(1);
    }
    expect(lexicon.lexemes({ pos: 'num' }).length).toBeGreaterThan(50);
    expect(lexicon.lexemes({ pos: 'subst', gender: 'f', lemma: 'Katarzyna' })).toHaveLength(1);
  });

  it('ranks frequent lexemes first in candidate pools', () => {
    const top = lexicon.lexemes({ pos: 'subst', maxRank: 500 }).map((l) => l.lemma);
    expect(top).toEqual(expect.arrayContaining(['człowiek', 'dziecko', 'matka', 'dom']));
    // Nouns whose ranked forms all belong to another word too ("taka", "Maja" and "maja").
    expect(top).not.toContain('taka');
    expect(top).not.toContain('Maja');
    const ranks = lexicon.lexemes({ pos: 'verb', limit: 50 }).map((l) => l.rank ?? Infinity);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

// [lemma, query, gold, aliases, forms that must be excluded]: answers a reviewer checked by hand.
const ANSWERS: [string, string, string, string[], string[]][] = [
  // Homographs: one lexeme per answer.
  ['upaść', 'praet:sg:f', 'upadła', [], ['upasła']],
  ['spaść', 'praet:sg:m1:ter', 'spadł', [], ['spasł']],
  ['oko', 'subst:pl:gen', 'oczu', [], ['ok']],
  ['oko', 'subst:pl:nom', 'oczy', [], ['oka']],
  ['profesor', 'subst:pl:nom', 'profesorowie', ['profesorzy'], ['profesor']],
  ['sędzia', 'subst:pl:nom', 'sędziowie', [], ['sędzie']],
  ['dzień', 'subst:pl:nom', 'dni', ['dnie'], ['dzienie']],
  ['pies', 'subst:pl:nom', 'psy', [], ['psowie']],
  ['kot', 'subst:pl:nom', 'koty', [], ['kotowie']],
  ['rząd', 'subst:sg:gen', 'rządu', [], ['rzędu']],
  ['mój', 'adj:sg:nom:f', 'moja', [], ['ma']],
  ['swój', 'adj:pl:gen', 'swoich', [], ['swych']],
  // The standard form of the cell, not the most frequent form overall.
  ['koszula', 'subst:pl:gen', 'koszul', [], ['koszuli']],
  ['chwila', 'subst:pl:gen', 'chwil', [], ['chwili']],
  ['kuchnia', 'subst:pl:gen', 'kuchni', [], ['kuchen']],
  // Substandard or archaic variants go.
  ['lekarz', 'subst:pl:gen', 'lekarzy', [], ['lekarzów']],
  ['talerz', 'subst:pl:gen', 'talerzy', [], ['talerzów']],
  ['hotel', 'subst:pl:gen', 'hoteli', [], ['hotelów']],
  ['rok', 'subst:pl:gen', 'lat', [], ['roków']],
  ['dom', 'subst:sg:voc', 'domu', [], ['domie']],
  ['człowiek', 'subst:sg:voc', 'człowieku', [], ['człowiecze']],
  ['uczeń', 'subst:pl:gen', 'uczniów', [], ['uczni']],
  ['brzmieć', 'fin:sg:ter', 'brzmi', [], ['brzmieje']],
  ['wysłać', 'fin:sg:pri', 'wyślę', [], ['wyścielę']],
  ['co', 'subst:gen', 'czego', [], ['co']],
  // Degrees and negation left open mean the positive and the affirmative.
  ['wysoki', 'adj:pl:nom:m1', 'wysocy', [], ['najwyżsi', 'wyżsi']],
  ['dobry', 'adj:sg:nom:f', 'dobra', [], ['lepsza', 'najlepsza']],
  ['szybko', 'adv', 'szybko', [], ['szybciej']],
  ['czytać', 'ger:sg:nom', 'czytanie', [], ['nieczytanie']],
  // A person left open means the third person; a gender left open, a numeral's main forms.
  ['czytać', 'praet:sg:f', 'czytała', [], ['czytałam', 'czytałaś']],
  ['mieć', 'praet:pl:m1', 'mieli', [], ['mieliśmy']],
  ['powinien', 'winien:sg:f', 'powinna', [], ['powinnaś']],
  ['trzy', 'num:dat', 'trzem', [], ['trojgu']],
  ['kilkanaście', 'num:gen', 'kilkunastu', [], ['kilkanaściorga']],
  // Numerals: the norm, not a common error or an archaic form, even alone in its cell.
  ['trzysta', 'num:nom:m1', 'trzystu', [], ['trzechset']],
  ['dwieście', 'num:gen', 'dwustu', [], ['dwuset', 'dwóchset']],
  // The instrumental's own form and the form shared with other cases are one slot.
  ['dwieście', 'num:inst', 'dwustoma', ['dwustu'], ['dwomaset']],
  ['czterysta', 'num:gen', 'czterystu', [], ['czterechset']],
  ['kilkadziesiąt', 'num:acc:m1', 'kilkudziesięciu', [], ['kilkudziesiąt']],
  // Another word's form in the paradigm, a fixed phrase's or an archaic one.
  ['pewny', 'adj:sg:nom:m1', 'pewny', [], ['pewien']],
  ['pewny', 'adj:sg:acc:m3', 'pewny', [], ['pewien']],
  ['pewien', 'adj:sg:nom:m1', 'pewien', [], ['pewny']],
  ['akt', 'subst:pl:nom', 'akty', [], ['akta']],
  ['lud', 'subst:sg:voc', 'ludu', [], ['ludzie']],
  ['czoło', 'subst:sg:loc', 'czole', [], ['czele']],
  ['rok', 'subst:pl:inst', 'latami', [], ['laty']],
  ['ręka', 'subst:pl:loc', 'rękach', [], ['ręku']],
  ['kara', 'subst:sg:acc', 'karę', [], ['karą']],
  ['hrabia', 'subst:sg:gen', 'hrabiego', [], ['hrabi']],
  ['hrabia', 'subst:sg:inst', 'hrabią', [], ['hrabim']],
  ['zrozumieć', 'impt:pl:pri', 'zrozummy', [], ['zrozumiejmy']],
  ['uzupełnić', 'impt:sg', 'uzupełnij', [], ['uzupełń']],
  ['mieszkaniec', 'subst:sg:voc', 'mieszkańcu', [], ['mieszkańcze']],
  ['chłopiec', 'subst:sg:voc', 'chłopcze', [], []],
  ['ojciec', 'subst:sg:voc', 'ojcze', [], []],
  ['Turek', 'subst:sg:gen', 'Turka', [], ['Turek']],
  // Suppletion and masculine-personal plurals.
  ['człowiek', 'subst:pl:nom', 'ludzie', [], []],
  ['brat', 'subst:pl:nom', 'bracia', [], []],
  ['student', 'subst:pl:acc', 'studentów', [], []],
  ['dobry', 'adj:pl:nom:m1', 'dobrzy', [], []],
  // Doublets that must survive.
  ['zniknąć', 'praet:sg:f:ter', 'zniknęła', ['znikła'], []],
  ['zniknąć', 'praet:sg:m1:ter', 'zniknął', ['znikł'], []],
  ['zniknąć', 'praet:pl:m1:ter', 'zniknęli', ['znikli'], []],
  // One lexeme with its -ną- and prefix variants: SJP.pl has both, so both are standard,
  // though the frequency list has only one.
  ['wybuchnąć', 'praet:sg:f:ter', 'wybuchła', ['wybuchnęła'], []],
  ['zejść', 'praet:sg:m1:ter', 'zszedł', ['zeszedł'], []],
  ['ręka', 'subst:pl:inst', 'rękami', ['rękoma'], []],
  ['dłoń', 'subst:pl:inst', 'dłońmi', ['dłoniami'], []],
  ['oko', 'subst:pl:inst', 'oczami', ['oczyma'], []],
];

describe('answer() on the vendored snapshot', () => {
  it.each(ANSWERS)('%s %s → %s %j', (lemma, query, gold, aliases, gone) => {
    const answer = lexicon.answer(lemma, query);
    expect(answer.gold).toBe(gold);
    expect(answer.aliases).toEqual(aliases);
    const excluded = answer.excluded.map((e) => e.form);
    for (const form of gone) expect(excluded, `${form} excluded`).toContain(form);
  });

  it('says why every other matching form is left out', () => {
    const { excluded } = lexicon.answer('lekarz', 'subst:pl:gen');
    expect(excluded).toEqual([
      { form: 'lekarzów', why: expect.stringMatching(/-ów after a soft/) },
    ]);
    const why = (lemma: string, query: string, form: string) =>
      lexicon.answer(lemma, query).excluded.find((e) => e.form === form)?.why;
    expect(why('upaść', 'praet:sg:f', 'upasła')).toMatch(
      /^another lexeme: upaść \(verb perf refl\.nonrefl/,
    );
    expect(why('wysoki', 'adj:pl:nom:m1', 'wyżsi')).toMatch(/^degree com/);
    expect(why('koszula', 'subst:pl:gen', 'koszuli')).toMatch(/other number/);
  });
});
