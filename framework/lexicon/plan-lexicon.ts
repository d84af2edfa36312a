import { compareCodePoints } from './compare-code-points.js';
import { lexemeRanks } from './lexeme-ranks.js';
import { type TagFeatures, parseTag, splitTags } from './parse-tag.js';

/** One line of Morfologik's decompiled dictionary: `lemma;form;tag+tag...`. */
export interface SourceRow {
  lemma: string;
  form: string;
  tags: string;
}

/** The rows of every table, ids assigned in the documented orders (see SCHEMA.md). */
export interface LexiconPlan {
  lexemes: { lemma: string; pos: string; gender: string | null; rank: number | null }[];
  forms: { form: string; rank: number | null }[];
  tags: { tag: string; features: TagFeatures }[];
  /** [lexeme id, form id, tag id], sorted. Ids are 1-based row numbers of the arrays above. */
  readings: [number, number, number][];
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

// The lexeme a reading belongs to: nouns split by gender (homonyms stay apart); a depreciative
// form belongs to its m1 noun, since Morfologik tags it m2 although only m1 nouns have one.
function lexemeKey(lemma: string, features: TagFeatures): [string, string | null] {
  const pos = LEXEME_POS[features.pos] ?? features.pos;
  if (pos !== 'subst') return [pos, null];
  return [pos, features.pos === 'depr' ? 'm1' : (features.gender[0] ?? null)];
}

const orderNullsLast = (a: number | null, b: number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b;

// Turns source rows into table rows with deterministic ids; `rankOf` gives a form's frequency rank.
export function planLexicon(
  rows: Iterable<SourceRow>,
  rankOf: (form: string) => number | null,
): LexiconPlan {
  const parsed = new Map<string, TagFeatures>();
  const lexemeKeys = new Map<string, { lemma: string; pos: string; gender: string | null }>();
  const triples = new Set<string>();
  for (const row of rows) {
    for (const tag of splitTags(row.tags)) {
      let features = parsed.get(tag);
      if (!features) parsed.set(tag, (features = parseTag(tag)));
      const [pos, gender] = lexemeKey(row.lemma, features);
      const key = `${row.lemma}\t${pos}\t${gender ?? ''}`;
      if (!lexemeKeys.has(key)) lexemeKeys.set(key, { lemma: row.lemma, pos, gender });
      triples.add(`${key}\n${row.form}\n${tag}`);
    }
  }
  const forms = [...new Set([...triples].map((t) => t.split('\n')[1] as string))]
    .map((form) => ({ form, rank: rankOf(form) }))
    .sort((a, b) => orderNullsLast(a.rank, b.rank) || compareCodePoints(a.form, b.form));
  const tags = [...parsed.entries()]
    .map(([tag, features]) => ({ tag, features }))
    .sort((a, b) => compareCodePoints(a.tag, b.tag));
  const lexemeList = [...lexemeKeys.entries()].sort(
    ([, a], [, b]) =>
      compareCodePoints(a.lemma, b.lemma) ||
      compareCodePoints(a.pos, b.pos) ||
      compareCodePoints(a.gender ?? '', b.gender ?? ''),
  );
  const formId = new Map(forms.map((f, i) => [f.form, i + 1]));
  const tagId = new Map(tags.map((t, i) => [t.tag, i + 1]));
  const lexemeId = new Map(lexemeList.map(([key], i) => [key, i + 1]));
  const readings: [number, number, number][] = [];
  for (const triple of triples) {
    const [key, form, tag] = triple.split('\n') as [string, string, string];
    const ids: [number, number, number] = [
      lexemeId.get(key) ?? 0,
      formId.get(form) ?? 0,
      tagId.get(tag) ?? 0,
    ];
    readings.push(ids);
  }
  const owners = lexemeList.map(([key]) => key.slice(0, key.lastIndexOf('\t')));
  const bestRank = lexemeRanks(readings, forms, owners);
  readings.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return {
    lexemes: lexemeList.map(([, l], i) => ({ ...l, rank: bestRank[i] ?? null })),
    forms,
    tags,
    readings,
  };
}
