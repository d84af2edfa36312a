// End-to-end: the marks of `rpe lexicon forms` and `analyse` are what answer() gives for each
// form's own cell, and `rpe lexicon answer --allow` is answer()'s allow option (run `npm run
// build` first; `npm test` does).
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLexicon, type Lexicon } from '../../framework/lexicon/index.js';
import { packagePath } from '../../framework/package-root.js';

function rpe(...args: string[]) {
  const r = spawnSync(process.execPath, [packagePath('bin', 'rpe.js'), ...args], {
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// The text of `rpe lexicon forms <lemma> <query>`, run once for the tests that read it.
const formsTexts = new Map<string, string>();
function formsText(lemma: string, query: string): string {
  const key = `${lemma} ${query}`;
  let text = formsTexts.get(key);
  if (text === undefined) {
    text = rpe('lexicon', 'forms', lemma, query).stdout;
    formsTexts.set(key, text);
  }
  return text;
}

interface Marked {
  form?: string;
  lemma?: string;
  tag: string;
  mark: 'gold' | 'alias' | 'excluded';
  gold: string;
  why: string | null;
}

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = openLexicon();
});
afterAll(() => lexicon.close());

// What answer() says of `form` asked for its own cell: the lexeme it belongs to, with every value
// of its tag (dotted values split, as a tag's value set holds them).
function expected(form: string, tag: string, lemma: string) {
  const cell = tag.split(/[:.]/).join(':');
  const reading = lexicon.forms(lemma, cell).find((r) => r.form === form && r.tag === tag);
  if (!reading) throw new Error(`${form} ${tag}: no such reading`);
  const answer = lexicon.answer(reading.lexeme, cell);
  if (answer.gold === form) return { mark: 'gold', gold: answer.gold, why: null };
  if (answer.aliases.includes(form)) return { mark: 'alias', gold: answer.gold, why: null };
  const excluded = answer.excluded.find((e) => e.form === form);
  return { mark: 'excluded', gold: answer.gold, why: excluded?.why };
}

describe('rpe lexicon forms marks', () => {
  it.each([
    ['pokój', 'subst:pl:gen'],
    ['lekarz', 'subst:pl'],
    ['ręka', 'subst:pl:inst'],
    ['Polak', 'subst:pl:nom'],
    ['dwa', 'num:inst'],
    ['upaść', 'praet:sg:f'],
  ])('marks every form of %s %s as answer() takes it in its cell', (lemma, query) => {
    const run = rpe('lexicon', 'forms', lemma, query, '--json');
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as { lemma: string; query: string; forms: Marked[] };
    expect(doc.lemma).toBe(lemma);
    expect(doc.query).toBe(query);
    expect(doc.forms.map(({ form, tag }) => ({ form, tag }))).toEqual(
      lexicon.forms(lemma, query).map(({ form, tag }) => ({ form, tag })),
    );
    for (const m of doc.forms) {
      expect(m, `${m.form} ${m.tag}`).toEqual({
        form: m.form,
        tag: m.tag,
        ...expected(m.form ?? '', m.tag, lemma),
      });
    }
    // Text: the same rows, the mark in the third column.
    const lines = formsText(lemma, query).trimEnd().split('\n');
    expect(lines.map((l) => l.split('\t').slice(0, 2))).toEqual(
      doc.forms.map((m) => [m.form, m.tag]),
    );
    lines.forEach((line, i) => {
      const m = doc.forms[i] as Marked;
      const third = line.split('\t')[2];
      if (m.mark === 'gold') expect(third).toBe('gold');
      else if (m.mark === 'alias') expect(third).toBe(`alias of ${m.gold}`);
      else expect(third).toBe(`excluded (gold ${m.gold}): ${m.why}`);
    });
  });

  it('shows a standard variant as an alias and a substandard one as excluded, with why', () => {
    expect(formsText('ręka', 'subst:pl:inst')).toBe(
      'rękami\tsubst:pl:inst:f\tgold\nrękoma\tsubst:pl:inst:f\talias of rękami\n',
    );
    const lekarz = rpe('lexicon', 'forms', 'lekarz', 'subst:pl:gen').stdout;
    expect(lekarz).toContain('lekarzy\tsubst:pl:gen:m1\tgold\n');
    expect(lekarz).toMatch(/^lekarzów\tsubst:pl:gen:m1\texcluded \(gold lekarzy\): .*-ów/m);
  });
});

describe('rpe lexicon analyse marks', () => {
  it('marks every reading of a form with what answer() does with it in that cell', () => {
    const run = rpe('lexicon', 'analyse', 'lekarzów', '--json');
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as { form: string; analyses: Marked[] };
    expect(doc.form).toBe('lekarzów');
    expect(doc.analyses.length).toBeGreaterThan(0);
    for (const a of doc.analyses) {
      expect(a).toEqual({
        lemma: 'lekarz',
        tag: a.tag,
        ...expected('lekarzów', a.tag, 'lekarz'),
      });
      expect(a.mark).toBe('excluded');
      expect(a.gold).toBe('lekarzy');
    }
    const rekoma = rpe('lexicon', 'analyse', 'rękoma').stdout;
    expect(rekoma).toContain('ręka\tsubst:pl:inst:f\talias of rękami\n');
  });
});

describe('rpe lexicon answer --allow', () => {
  it('takes excluded forms back as aliases, repeated or joined by commas, as answer() does', () => {
    const one = rpe('lexicon', 'answer', 'lekarz', 'subst:pl:gen', '--allow', 'lekarzów');
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/^gold\tlekarzy\nalias\tlekarzów\n/);
    expect(one.stdout).not.toMatch(/^excluded\tlekarzów/m);

    const allow = ['upasła', 'upadłam'];
    const api = JSON.parse(JSON.stringify(lexicon.answer('upaść', 'praet:sg:f', { allow })));
    const joined = rpe(
      'lexicon',
      'answer',
      'upaść',
      'praet:sg:f',
      '--allow',
      allow.join(','),
      '--json',
    );
    const repeated = rpe(
      'lexicon',
      'answer',
      'upaść',
      'praet:sg:f',
      '--allow',
      'upasła',
      '--allow',
      'upadłam',
      '--json',
    );
    expect(JSON.parse(joined.stdout)).toEqual(api);
    expect(JSON.parse(repeated.stdout)).toEqual(api);
    expect(api).toMatchObject({ gold: 'upadła', aliases: allow });
  });

  it('refuses a form that is not excluded: exit 2, one line, and the miss as JSON', () => {
    const run = rpe('lexicon', 'answer', 'lekarz', 'subst:pl:gen', '--allow', 'kot', '--json');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^rpe: [^\n]*allow: "kot" is not one of its excluded forms\n$/);
    expect(JSON.parse(run.stdout)).toMatchObject({
      lemma: 'lekarz',
      query: 'subst:pl:gen',
      error: { code: 'lexicon_bad_override', exit_code: 2 },
    });
  });
});
