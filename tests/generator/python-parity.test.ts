import { readFileSync } from 'node:fs';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { openLexicon, type FormReading, type Lexeme } from '../../framework/lexicon/index.js';
import { HAS_LEXICON, PYTHON_RUNTIME, TEST_LEXICON } from './test-lexicon.js';

const here = (name: string) => new URL(`./python/${name}`, import.meta.url).pathname;

async function python(script: string, args: string[], input: unknown): Promise<unknown> {
  const { stdout } = await execa('python3', [here(script), ...args], {
    env: { PYTHONDONTWRITEBYTECODE: '1' },
    input: JSON.stringify(input),
  });
  return JSON.parse(stdout) as unknown;
}

describe('Python runtime streams', () => {
  it('reproduce every published vector bit for bit', async () => {
    const vectors: unknown = JSON.parse(
      readFileSync(new URL('../../framework/random/vectors.json', import.meta.url), 'utf8'),
    );
    expect(await python('vectors_check.py', [PYTHON_RUNTIME], vectors)).toEqual(vectors);
  });
});

describe.skipIf(!HAS_LEXICON)('Python runtime lexicon', () => {
  const lex = HAS_LEXICON ? openLexicon(TEST_LEXICON) : null;
  afterAll(() => lex?.close());
  const lexemeRow = (l: Lexeme) => [
    l.id,
    l.lemma,
    l.pos,
    l.gender,
    l.rank,
    l.aspect,
    l.reflexivity,
    l.sense,
  ];
  const reading = (r: FormReading) => [r.form, r.tag, ...lexemeRow(r.lexeme), r.rank, r.variant];
  const answer = <T>(call: () => T): T | { error: string } => {
    try {
      return call();
    } catch (error) {
      return { error: (error as { code: string }).code };
    }
  };

  it('gives the same forms, analyses and lexeme lists, in the same order, as the TypeScript API', async () => {
    if (!lex) return;
    const pairs: [string, string][] = [
      ['kot', 'subst:pl:gen'],
      ['pies', 'pl:nom'],
      ['Kuba', 'subst:sg:nom'],
      ['dwa', 'num:nom:m1'],
      ['który', 'adj:sg:nom:m1'],
      ['przyjść', 'praet:pl:f:ter'],
      ['być', 'fin:sg:ter'],
      ['xyzzy', 'subst:sg:nom'],
      ['książka', 'praet:sg:f'],
    ];
    const queries: Record<string, string[]> = {
      subst: ['subst:pl:gen', 'sg:inst', 'pl:nom', 'sg:voc'],
      verb: ['praet:sg:f:ter', 'fin:pl:pri', 'impt:sg', 'inf'],
      adj: ['adj:sg:nom:m1', 'pl:gen', 'com'],
    };
    for (const [pos, qs] of Object.entries(queries)) {
      for (const l of lex.lexemes({ pos, limit: 40 })) for (const q of qs) pairs.push([l.lemma, q]);
    }
    const forms = pairs.map(([lemma, query]) => answer(() => lex.forms(lemma, query).map(reading)));
    const analyse = ['koleżanki', 'dwóch', 'która', 'zamku', 'Anna', 'xyzzy', 'psy', 'byli'];
    const filters = [
      { pos: 'subst', gender: 'f', limit: 50 },
      { pos: 'verb', maxRank: 500 },
      { lemma: 'pies' },
      { gender: ['m1', 'f'], limit: 30 },
      { lemma: 'upaść', reflexivity: 'refl.nonrefl' },
      { pos: 'verb', aspect: 'perf', sense: 1, limit: 40 },
    ];
    const ts = {
      forms,
      analyse: analyse.map((f) => answer(() => lex.analyse(f).map(reading))),
      lexemes: filters.map((f) => lex.lexemes(f).map(lexemeRow)),
    };
    const py = await python('lexicon_answers.py', [PYTHON_RUNTIME, TEST_LEXICON], {
      forms: pairs,
      analyse,
      lexemes: filters,
    });
    expect(forms.filter((f) => !('error' in f)).length).toBeGreaterThan(300);
    expect(py).toEqual(ts);
  });

  it('gives the same answer() as the TypeScript API: gold, aliases, lexeme, excluded and reasons', async () => {
    if (!lex) return;
    const pairs: [string, string][] = [
      ['upaść', 'praet:sg:f'],
      ['koszula', 'subst:pl:gen'],
      ['lekarz', 'subst:pl:gen'],
      ['wysoki', 'adj:pl:nom:m1'],
      ['ręka', 'subst:pl:inst'],
      ['rok', 'subst:pl:gen'],
      ['dom', 'subst:sg:voc'],
      ['dwa', 'num:nom:m1'],
      ['czytać', 'ger:sg:nom'],
      ['czytać', 'praet:sg:f'],
      ['trzy', 'num:dat'],
      ['trzysta', 'num:gen'],
      ['pewny', 'adj:sg:nom:m1'],
      ['zniknąć', 'praet:sg:m1:ter'],
      ['Turek', 'subst:sg:gen'],
      ['xyzzy', 'subst:sg:nom'],
      ['książka', 'praet:sg:f'],
      // The normative rules and the lemmas as people write them (docs/lexicon.md).
      ['pięć', 'num:inst'],
      ['sto', 'num:inst'],
      ['dwa', 'num:inst:f'],
      ['dwa', 'num:inst:m1'],
      ['oba', 'num:inst'],
      ['Polak', 'subst:pl:nom'],
      ['doktor', 'subst:pl:nom'],
      ['pokój', 'subst:pl:gen'],
      ['wieczór', 'subst:sg:gen'],
      ['Bóg', 'subst:sg:voc'],
      ['Nowak', 'subst:sg:gen:f'],
      ['Nowak', 'subst:pl:f'],
      ['Anna', 'subst:sg:gen:f'],
      ['bać się', 'praet:sg:f'],
      ['czytać się', 'inf'],
      ['gazetaa', 'subst:sg:nom'],
    ];
    const queries: Record<string, string[]> = {
      subst: ['subst:pl:gen', 'sg:inst', 'pl:nom', 'sg:voc', 'gen'],
      verb: [
        'praet:sg:f:ter',
        'praet:sg:f',
        'fin:sg',
        'fin:pl:pri',
        'impt:sg',
        'impt:pl',
        'ppas:sg:nom:f',
        'ger:sg:gen',
      ],
      adj: ['adj:sg:nom:m1', 'pl:gen', 'com', 'adj:pl:nom:m1'],
      num: ['num:nom:m1', 'num:gen', 'num:dat', 'num:inst'],
    };
    for (const [pos, qs] of Object.entries(queries)) {
      for (const l of lex.lexemes({ pos, limit: 60 })) for (const q of qs) pairs.push([l.lemma, q]);
    }
    const ts = pairs.map(([lemma, query]) =>
      answer(() => JSON.parse(JSON.stringify(lex.answer(lemma, query))) as unknown),
    );
    const py = await python('lexicon_answers.py', [PYTHON_RUNTIME, TEST_LEXICON], {
      forms: [],
      analyse: [],
      lexemes: [],
      answers: pairs,
    });
    expect(ts.filter((a) => !('error' in (a as object))).length).toBeGreaterThan(500);
    expect((py as { answers: unknown }).answers).toEqual(ts);
    // Hundreds of questions in two runtimes: slow on a busy machine, whatever the code.
  }, 600_000);

  it('names the same nearest spellings of an unknown lemma', async () => {
    if (!lex) return;
    const lemmas = ['gazetaa', 'ksiażka', 'xyzzy', 'Pies', 'bać sie'];
    const ts = lemmas.map((lemma) => {
      try {
        return lex.answer(lemma, 'subst:sg:nom').gold;
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(ts[0]).toMatch(/nearest in the snapshot: "gazeta"/);
    const py = await python('lexicon_answers.py', [PYTHON_RUNTIME, TEST_LEXICON], {
      forms: [],
      analyse: [],
      lexemes: [],
      messages: lemmas.map((lemma) => [lemma, 'subst:sg:nom']),
    });
    expect((py as { messages: unknown }).messages).toEqual(ts);
  });
});
