import { nullsLast } from './nulls-last.js';
import { classifyVariants } from './classify-variants.js';
import { compareCodePoints } from './compare-code-points.js';
import { lexemeStandings } from './lexeme-ranks.js';
import type { Lexeme } from './lexicon.js';
import { wordFamilies } from './word-families.js';
import { type TagFeatures, parseTag, splitTags } from './parse-tag.js';
import { type DraftReading, type LexemeDraft, splitLexemes } from './split-lexemes.js';

/** One line of Morfologik's decompiled dictionary: `lemma;form;tag+tag...`. */
export interface SourceRow {
  lemma: string;
  form: string;
  tags: string;
}

/** One lexeme row before its id: what tells it apart from its lemma's other lexemes, and its standing. */
export type PlannedLexeme = Omit<Lexeme, 'id'>;

/** What the second authority, the SJP.pl dictionary, says of the forms. */
export interface SjpForms {
  /** The forms SJP.pl has. */
  attested: ReadonlySet<string>;
  /** The forms taken from SJP.pl that Morfologik lacks (their rows are among the source rows). */
  added: ReadonlySet<string>;
}

/** The rows of every table, ids assigned in the documented orders (see SCHEMA.md). */
export interface LexiconPlan {
  lexemes: PlannedLexeme[];
  /** sjp: 1 SJP.pl has the form, 2 it has it and Morfologik does not, 0 it lacks it; null without SJP.pl. */
  forms: { form: string; rank: number | null; sjp?: number | null }[];
  tags: { tag: string; features: TagFeatures }[];
  /** [lexeme id, form id, tag id, variant code], sorted. Ids are 1-based row numbers of the arrays above. */
  readings: [number, number, number, number][];
}

const LEXEME_POS: Record<string, string> = {
  depr: 'subst',
  ger: 'verb',
  pact: 'verb',
  ppas: 'verb',
  pant: 'verb',
  pcon: 'verb',
  adja: 'adj',
  adjc: 'adj',
  adjp: 'adj',
};

// Every reading of the source, grouped by word: lemma and lexeme class (subst with depr, verb
// with its participles and gerunds, adj with adja/adjc/adjp, otherwise the part of speech).
function groupByWord(rows: Iterable<SourceRow>) {
  const parsed = new Map<string, TagFeatures>();
  const words = new Map<
    string,
    { lemma: string; pos: string; seen: Set<string>; readings: DraftReading[] }
  >();
  for (const row of rows) {
    for (const tag of splitTags(row.tags)) {
      let features = parsed.get(tag);
      if (!features) parsed.set(tag, (features = parseTag(tag)));
      const pos = LEXEME_POS[features.pos] ?? features.pos;
      const owner = `${row.lemma}\t${pos}`;
      let word = words.get(owner);
      if (!word)
        words.set(owner, (word = { lemma: row.lemma, pos, seen: new Set(), readings: [] }));
      const key = `${row.form}\n${tag}`;
      if (word.seen.has(key)) continue;
      word.seen.add(key);
      word.readings.push({ form: row.form, tag, features });
    }
  }
  return { parsed, words };
}

const lexemeOrder = (a: PlannedLexeme, b: PlannedLexeme) =>
  compareCodePoints(a.lemma, b.lemma) ||
  compareCodePoints(a.pos, b.pos) ||
  compareCodePoints(a.gender ?? '', b.gender ?? '') ||
  compareCodePoints(a.aspect ?? '', b.aspect ?? '') ||
  compareCodePoints(a.reflexivity ?? '', b.reflexivity ?? '') ||
  a.sense - b.sense;

// Turns source rows into table rows with deterministic ids; `rankOf` gives a form's frequency rank.
export function planLexicon(
  rows: Iterable<SourceRow>,
  rankOf: (form: string) => number | null,
  sjp?: SjpForms,
): LexiconPlan {
  const sjpOf = (form: string) =>
    sjp === undefined ? null : sjp.added.has(form) ? 2 : sjp.attested.has(form) ? 1 : 0;
  const sjpHas = sjp === undefined ? undefined : (form: string) => sjp.attested.has(form);
  const { parsed, words } = groupByWord(rows);
  const drafts: (LexemeDraft & { owner: string })[] = [];
  for (const [owner, word] of words) {
    for (const d of splitLexemes(word.lemma, word.pos, word.readings)) drafts.push({ ...d, owner });
  }
  const families = wordFamilies(words.values());
  const familyOf = new Map([...words.entries()].map(([owner, w]) => [owner, families.familyOf(w)]));
  const standings = lexemeStandings(
    drafts.map((d) => ({
      owner: d.owner,
      family: familyOf.get(d.owner) ?? d.owner,
      forms: new Set(d.readings.filter((r) => r.features.pos !== 'depr').map((r) => r.form)),
    })),
    rankOf,
    families.alone,
  );
  const forms = [...new Set(drafts.flatMap((d) => d.readings.map((r) => r.form)))]
    .map((form) => ({ form, rank: rankOf(form), sjp: sjpOf(form) }))
    .sort((a, b) => nullsLast(a.rank, b.rank) || compareCodePoints(a.form, b.form));
  const tags = [...parsed.entries()]
    .map(([tag, features]) => ({ tag, features }))
    .sort((a, b) => compareCodePoints(a.tag, b.tag));
  const planned = drafts.map((d, i) => ({
    lexeme: {
      lemma: d.lemma,
      pos: d.pos,
      gender: d.gender,
      aspect: d.aspect,
      reflexivity: d.reflexivity,
      sense: standings[i]?.sense ?? 1,
      rank: standings[i]?.rank ?? null,
    },
    draft: d,
  }));
  planned.sort((a, b) => lexemeOrder(a.lexeme, b.lexeme));
  const formId = new Map(forms.map((f, i) => [f.form, i + 1]));
  const tagId = new Map(tags.map((t, i) => [t.tag, i + 1]));
  const readings: [number, number, number, number][] = [];
  planned.forEach(({ draft }, i) => {
    const codes = classifyVariants({
      lemma: draft.lemma,
      gender: draft.gender,
      readings: draft.readings,
      rankOf,
      sjpHas,
    });
    draft.readings.forEach((r, j) => {
      readings.push([i + 1, formId.get(r.form) ?? 0, tagId.get(r.tag) ?? 0, codes[j] ?? 0]);
    });
  });
  readings.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return { lexemes: planned.map((p) => p.lexeme), forms, tags, readings };
}
