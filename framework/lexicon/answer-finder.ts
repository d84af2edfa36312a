import { nullsLast } from './nulls-last.js';
import type BetterSqlite3 from 'better-sqlite3';
import { RpeError } from '../errors.js';
import { type FormFinder, describeLexeme } from './form-finder.js';
import type { Answer, AnswerOptions, ExcludedForm, FormReading, Lexeme } from './lexicon.js';
import { QUERY_MEMO_LIMIT, remember } from './remember.js';
import type { TagTable } from './tag-table.js';

const DEGREES = ['pos', 'com', 'sup'];

// Why a matching reading is left out, best reason first: a note on a variant of the gold's cell,
// another cell of the lexeme, a degree or negation the query did not ask for, another lexeme.
const enum Reason {
  Note,
  Cell,
  Default,
  Lexeme,
}

/**
 * answer() of one open snapshot (the rule is in SCHEMA.md, so that other languages give the
 * same answers): the lexeme is the one asked, else the main lexeme (lowest sense, then best rank,
 * then id) among those with a reading that matches; the gold is the first standard form (variant
 * 0) of its matching cells in form order; the aliases are the equally standard variants
 * (variant 1) of the cells the gold is standard in; every other matching form is excluded once,
 * with its best reason.
 */
export function answerFinder(
  db: BetterSqlite3.Database,
  tags: TagTable,
  finder: FormFinder,
): (lemma: string | Lexeme, query: string, options?: AnswerOptions) => Answer {
  let notes: Map<number, string> | undefined;
  const noteOf = (code: number) => {
    notes ??= new Map(
      db.prepare('SELECT code, why FROM variant_notes').raw().all() as [number, string][],
    );
    return notes.get(code) ?? `variant ${code}`;
  };
  const memo = new Map<string, Map<string | number, Answer>>();

  const build = (lemma: string | Lexeme, query: string): Answer => {
    const { values, lexemes, rows } = finder.matches(lemma, query);
    const anyDegree = values.some((v) => DEGREES.includes(v));
    const anyNegation = values.includes('aff') || values.includes('neg');
    const defaultWhy = (row: FormReading): string | null => {
      const f = row.features;
      if (!anyDegree && f.degree.length > 0 && !f.degree.includes('pos'))
        return `degree ${f.degree.join('.')}: a query without a degree means the positive degree`;
      if (!anyNegation && f.negation.length > 0 && !f.negation.includes('aff'))
        return 'negated form: a query without aff or neg means the affirmative';
      return null;
    };
    let defaulted = rows.map(defaultWhy);
    if (defaulted.every((d) => d !== null)) defaulted = rows.map(() => null);
    const candidates = lexemes.filter((l) =>
      rows.some((r, i) => r.lexeme.id === l.id && defaulted[i] === null),
    );
    const [lexeme] = candidates.sort(
      (a, b) => a.sense - b.sense || nullsLast(a.rank, b.rank) || a.id - b.id,
    ) as [Lexeme];
    const own = (r: FormReading, i: number) => r.lexeme.id === lexeme.id && defaulted[i] === null;
    const goldRow =
      rows.find((r, i) => own(r, i) && r.variant === 0) ?? (rows.find(own) as FormReading);
    const gold = goldRow.form;
    const goldTags = new Set(
      rows.filter((r, i) => own(r, i) && r.form === gold && r.variant === 0).map((r) => r.tag),
    );
    const aliases: string[] = [];
    for (const [i, r] of rows.entries()) {
      const alias = own(r, i) && goldTags.has(r.tag) && r.variant === 1 && r.form !== gold;
      if (alias && !aliases.includes(r.form)) aliases.push(r.form);
    }
    const reasons = new Map<string, [Reason, string]>();
    rows.forEach((r, i) => {
      if (r.form === gold || aliases.includes(r.form)) return;
      let reason: [Reason, string];
      if (r.lexeme.id !== lexeme.id)
        reason = [Reason.Lexeme, `another lexeme: ${describeLexeme(r.lexeme)}`];
      else if (defaulted[i] !== null) reason = [Reason.Default, defaulted[i] as string];
      else if (!goldTags.has(r.tag)) reason = [Reason.Cell, `another cell: ${r.tag}`];
      else reason = [Reason.Note, noteOf(r.variant)];
      const known = reasons.get(r.form);
      if (!known || reason[0] < known[0]) reasons.set(r.form, reason);
    });
    const excluded: ExcludedForm[] = [...reasons.entries()].map(([form, [, why]]) => ({
      form,
      why,
    }));
    return {
      gold,
      aliases,
      lemma: lexeme.lemma,
      query,
      tag: goldRow.tag,
      lexeme,
      excluded,
    };
  };

  return (lemma, query, options = {}) => {
    let byLemma = memo.get(query);
    if (!byLemma) byLemma = remember(memo, query, new Map(), QUERY_MEMO_LIMIT);
    const key = typeof lemma === 'string' ? lemma : lemma.id;
    const found = byLemma.get(key) ?? remember(byLemma, key, build(lemma, query));
    // Copied out, so a caller changing its answer cannot change the next one.
    const answer = {
      ...found,
      aliases: [...found.aliases],
      excluded: found.excluded.map((e) => ({ ...e })),
    };
    for (const form of options.allow ?? []) {
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
  };
}
