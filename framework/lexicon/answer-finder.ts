import { nullsLast } from './nulls-last.js';
import type BetterSqlite3 from 'better-sqlite3';
import { RpeError } from '../errors.js';
import { type FormFinder, type ReadingRow, describeLexeme } from './form-finder.js';
import type { Answer, AnswerOptions, ExcludedForm, Lexeme } from './lexicon.js';
import { remember } from './remember.js';
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
  const memo = new Map<string, Answer>();

  const build = (lemma: string | Lexeme, query: string): Answer => {
    const { values, lexemes, rows } = finder.matches(lemma, query);
    const anyDegree = values.some((v) => DEGREES.includes(v));
    const anyNegation = values.includes('aff') || values.includes('neg');
    const defaultWhy = (row: ReadingRow): string | null => {
      const f = tags.get(row[2]).features;
      if (!anyDegree && f.degree.length > 0 && !f.degree.includes('pos'))
        return `degree ${f.degree.join('.')}: a query without a degree means the positive degree`;
      if (!anyNegation && f.negation.length > 0 && !f.negation.includes('aff'))
        return 'negated form: a query without aff or neg means the affirmative';
      return null;
    };
    let defaulted = rows.map(defaultWhy);
    if (defaulted.every((d) => d !== null)) defaulted = rows.map(() => null);
    const byId = new Map(lexemes.map((l) => [l.id, l]));
    const candidates = lexemes.filter((l) =>
      rows.some((r, i) => r[3] === l.id && defaulted[i] === null),
    );
    const [lexeme] = candidates.sort(
      (a, b) => a.sense - b.sense || nullsLast(a.rank, b.rank) || a.id - b.id,
    ) as [Lexeme];
    const own = (r: ReadingRow, i: number) => r[3] === lexeme.id && defaulted[i] === null;
    const goldRow = rows.find((r, i) => own(r, i) && r[5] === 0) ?? (rows.find(own) as ReadingRow);
    const gold = goldRow[0];
    const goldTags = new Set(
      rows.filter((r, i) => own(r, i) && r[0] === gold && r[5] === 0).map((r) => r[2]),
    );
    const aliases: string[] = [];
    for (const [i, r] of rows.entries()) {
      if (own(r, i) && goldTags.has(r[2]) && r[5] === 1 && r[0] !== gold && !aliases.includes(r[0]))
        aliases.push(r[0]);
    }
    const reasons = new Map<string, [Reason, string]>();
    rows.forEach((r, i) => {
      const [form, , tagId, lexemeId, , variant] = r;
      if (form === gold || aliases.includes(form)) return;
      let reason: [Reason, string];
      if (lexemeId !== lexeme.id) {
        const other = byId.get(lexemeId);
        reason = [Reason.Lexeme, `another lexeme: ${other ? describeLexeme(other) : lexemeId}`];
      } else if (defaulted[i] !== null) reason = [Reason.Default, defaulted[i] as string];
      else if (!goldTags.has(tagId)) reason = [Reason.Cell, `another cell: ${tags.get(tagId).tag}`];
      else reason = [Reason.Note, noteOf(variant)];
      const known = reasons.get(form);
      if (!known || reason[0] < known[0]) reasons.set(form, reason);
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
      tag: tags.get(goldRow[2]).tag,
      lexeme,
      excluded,
    };
  };

  return (lemma, query, options = {}) => {
    const key = typeof lemma === 'string' ? `${lemma}\0${query}` : `#${lemma.id}\0${query}`;
    const found = memo.get(key) ?? remember(memo, key, build(lemma, query));
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
