import { nullsLast } from './nulls-last.js';
import type BetterSqlite3 from 'better-sqlite3';
import { RpeError } from '../errors.js';
import { type FormFinder, type Matches, describeLexeme } from './form-finder.js';
import type { Answer, ExcludedForm, FormReading, Lexeme } from './lexicon.js';
import { QUERY_MEMO_LIMIT, remember } from './remember.js';
import { cellFit, namedFeatures, sameSlot } from './answer-slot.js';

// Why a matching reading is left out, best reason first: the note on a variant never a gold (in
// any cell of the lexeme), another cell of the lexeme, a degree or negation the query did not ask
// for, another lexeme.
const enum Reason {
  Note,
  Cell,
  Default,
  Lexeme,
}

const NEGATED = 'negated form: a query without aff or neg means the affirmative';
const PERSON = (person: readonly string[]) =>
  `person ${person.join('.')}: a query without a person means the third person`;
const COLLECTIVE =
  'collective numeral (dwoje, trojga, pięciorga): a query without a gender means the main forms';

// The genders of a collective numeral's forms: a numeral row with no other gender is one.
const COLLECTIVE_GENDERS: readonly string[] = ['n1', 'p1', 'p2'];

/** Which of the defaulted features a query names (SCHEMA.md, answer(), step 1). */
interface QueryNames {
  degree: boolean;
  negation: boolean;
  person: boolean;
  gender: boolean;
}

/** The features among those answer() defaults that the query's values name. */
function queryNames(values: readonly string[]): QueryNames {
  const has = (...of: string[]) => of.some((v) => values.includes(v));
  return {
    degree: has('pos', 'com', 'sup'),
    negation: has('aff', 'neg'),
    person: has('pri', 'sec', 'ter'),
    gender: has('m1', 'm2', 'm3', 'f', 'n1', 'n2', 'p1', 'p2', 'p3'),
  };
}

// Why a row is defaulted away, or null: a degree other than pos when the query names no degree,
// a negated form when it names neither aff nor neg, a first or second person when it names no
// person, a collective numeral when it names no gender (SCHEMA.md, answer(), step 1).
function defaultWhy(row: FormReading, names: QueryNames): string | null {
  const f = row.features;
  if (!names.degree && f.degree.length > 0 && !f.degree.includes('pos'))
    return `degree ${f.degree.join('.')}: a query without a degree means the positive degree`;
  if (!names.negation && f.negation.length > 0 && !f.negation.includes('aff')) return NEGATED;
  if (!names.person && f.person.length > 0 && !f.person.includes('ter')) return PERSON(f.person);
  if (
    !names.gender &&
    f.pos === 'num' &&
    f.gender.length > 0 &&
    f.gender.every((g) => COLLECTIVE_GENDERS.includes(g))
  )
    return COLLECTIVE;
  return null;
}

// The lexeme of an answer: among those with a row not defaulted, the lowest sense, then the best
// rank, then the lowest id.
function pickLexeme(
  lexemes: readonly Lexeme[],
  rows: readonly FormReading[],
  defaulted: (string | null)[],
): Lexeme {
  let best: Lexeme | undefined;
  for (let j = 0; j < lexemes.length; j++) {
    const l = lexemes[j] as Lexeme;
    let found = false;
    for (let i = 0; i < rows.length && !found; i++) {
      found = defaulted[i] === null && (rows[i] as FormReading).lexeme.id === l.id;
    }
    if (!found) continue;
    if (
      best === undefined ||
      (l.sense - best.sense || nullsLast(l.rank, best.rank) || l.id - best.id) < 0
    )
      best = l;
  }
  return best as Lexeme;
}

// Whether row i belongs to the answer's lexeme and is not defaulted away.
const owns = (rows: readonly FormReading[], i: number, lexeme: Lexeme, defaulted: unknown[]) =>
  (rows[i] as FormReading).lexeme.id === lexeme.id && defaulted[i] === null;

// answer() from the matching rows, by the rule of SCHEMA.md. Plain loops: it runs on first asks.
function buildAnswer(
  { values, lexemes, rows }: Matches,
  query: string,
  noteOf: (code: number) => string,
): Answer {
  if (rows.length === 1) {
    // One reading: nothing to default (every row would be), the gold is its form.
    const row = rows[0] as FormReading;
    let lexeme = row.lexeme;
    for (let i = 0; i < lexemes.length; i++) {
      if ((lexemes[i] as Lexeme).id === lexeme.id) lexeme = lexemes[i] as Lexeme;
    }
    return {
      gold: row.form,
      aliases: [],
      lemma: lexeme.lemma,
      query,
      tag: row.tag,
      lexeme,
      excluded: [],
    };
  }
  const names = queryNames(values);
  const defaulted = new Array<string | null>(rows.length);
  let kept = 0;
  for (let i = 0; i < rows.length; i++) {
    const why = defaultWhy(rows[i] as FormReading, names);
    defaulted[i] = why;
    if (why === null) kept++;
  }
  if (kept === 0) defaulted.fill(null);
  const lexeme = pickLexeme(lexemes, rows, defaulted);
  // The gold: the standard form of the best-fitting matching cell (answer-slot.ts), first in
  // row order among equals.
  let goldRow: FormReading | undefined;
  let bestFit = Infinity;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as FormReading;
    if (!owns(rows, i, lexeme, defaulted) || r.variant !== 0) continue;
    const fit = cellFit(r.features, values);
    if (fit < bestFit) {
      bestFit = fit;
      goldRow = r;
    }
  }
  for (let i = 0; i < rows.length && goldRow === undefined; i++) {
    if (owns(rows, i, lexeme, defaulted)) goldRow = rows[i];
  }
  const gold = (goldRow as FormReading).form;
  const goldCells: FormReading[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as FormReading;
    if (owns(rows, i, lexeme, defaulted) && r.form === gold && r.variant === 0) goldCells.push(r);
  }
  // The cells of the gold's slot: the gold's own and the matching cells that are the same slot.
  const named = namedFeatures(values);
  const goldTags: string[] = goldCells.map((r) => r.tag);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as FormReading;
    if (!owns(rows, i, lexeme, defaulted) || r.variant > 1 || goldTags.includes(r.tag)) continue;
    if (goldCells.some((g) => sameSlot(r.features, g.features, named))) goldTags.push(r.tag);
  }
  const aliases: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as FormReading;
    if (
      owns(rows, i, lexeme, defaulted) &&
      r.variant <= 1 &&
      r.form !== gold &&
      goldTags.includes(r.tag)
    ) {
      if (!aliases.includes(r.form)) aliases.push(r.form);
    }
  }
  const excluded: ExcludedForm[] = [];
  const reasons: Reason[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as FormReading;
    if (r.form === gold || aliases.includes(r.form)) continue;
    let reason: Reason;
    if (r.lexeme.id !== lexeme.id) reason = Reason.Lexeme;
    else if (defaulted[i] !== null) reason = Reason.Default;
    else if (r.variant < 2 && !goldTags.includes(r.tag)) reason = Reason.Cell;
    else reason = Reason.Note;
    let at = 0;
    while (at < excluded.length && (excluded[at] as ExcludedForm).form !== r.form) at++;
    if (at < excluded.length && reason >= (reasons[at] as Reason)) continue;
    const why =
      reason === Reason.Lexeme
        ? `another lexeme: ${describeLexeme(r.lexeme)}`
        : reason === Reason.Default
          ? (defaulted[i] as string)
          : reason === Reason.Cell
            ? `another cell: ${r.tag}`
            : noteOf(r.variant);
    excluded[at] = { form: r.form, why };
    reasons[at] = reason;
  }
  const tag = (goldRow as FormReading).tag;
  return { gold, aliases, lemma: lexeme.lemma, query, tag, lexeme, excluded };
}

// A copy a caller may change without changing the answer kept for the next ask.
const copyAnswer = (a: Answer): Answer => ({
  ...a,
  aliases: [...a.aliases],
  excluded: a.excluded.map((e) => ({ ...e })),
});

/**
 * answer() of one open snapshot (the rule is in SCHEMA.md, so that other languages give the
 * same answers): the lexeme is the one asked, else the main lexeme (lowest sense, then best rank,
 * then id) among those with a reading that matches; the gold is the first standard form (variant
 * 0) of its matching cells in form order; the aliases are the equally standard variants
 * (variant 1) of the cells the gold is standard in; every other matching form is excluded once,
 * with its best reason. An answer asked a second time is kept for the next times.
 */
export function answerFinder(
  db: BetterSqlite3.Database,
  finder: FormFinder,
): (lemma: string | Lexeme, query: string) => Answer {
  let notes: Map<number, string> | undefined;
  const noteOf = (code: number) => {
    notes ??= new Map(
      db.prepare('SELECT code, why FROM variant_notes').raw().all() as [number, string][],
    );
    return notes.get(code) ?? `variant ${code}`;
  };
  const memo = new Map<string, Map<string | number, Answer>>();

  return (lemma, query) => {
    const key = typeof lemma === 'string' ? lemma : lemma.id;
    const found = memo.get(query)?.get(key);
    let answer: Answer;
    if (found !== undefined) answer = copyAnswer(found);
    else {
      const matches = finder.matches(lemma, query);
      answer = buildAnswer(matches, query, noteOf);
      if (matches.repeated) {
        let byLemma = memo.get(query);
        if (!byLemma) byLemma = remember(memo, query, new Map(), QUERY_MEMO_LIMIT);
        remember(byLemma, key, copyAnswer(answer));
      }
    }
    return answer;
  };
}

/** Takes excluded forms of an answer back as aliases (AnswerOptions.allow); changes `answer`. */
export function allowForms(answer: Answer, query: string, allow: readonly string[] = []): Answer {
  for (const form of allow) {
    if (form === answer.gold || answer.aliases.includes(form)) continue;
    const at = answer.excluded.findIndex((e) => e.form === form);
    if (at < 0) {
      throw new RpeError(
        'lexicon_bad_override',
        `answer(${JSON.stringify(answer.lemma)}, ${JSON.stringify(query)}): allow: "${form}" is not one of its excluded forms`,
      );
    }
    answer.excluded.splice(at, 1);
    answer.aliases.push(form);
  }
  return answer;
}
