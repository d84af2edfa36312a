import { commonPrefix } from './common-prefix.js';
import { compareCodePoints } from './compare-code-points.js';
import { splitParallelParadigms } from './split-parallel-paradigms.js';
import type { TagFeatures } from './parse-tag.js';

/** One (form, tag) of a lemma, with the tag parsed. */
export interface DraftReading {
  form: string;
  tag: string;
  features: TagFeatures;
}

/** A lexeme before ids and ranks: what tells it apart from the other lexemes of its lemma. */
export interface LexemeDraft {
  lemma: string;
  pos: string;
  gender: string | null;
  aspect: string | null;
  reflexivity: string | null;
  /** 0 when the lexeme's paradigm was not split; 1, 2 for the two sides of a parallel paradigm. */
  side: number;
  readings: DraftReading[];
}

// Verb readings that carry the verb's own aspect and reflexivity; the others (ppas, pcon, pant)
// are attached to one of the lexemes those define.
const CORE_VERB = new Set(['verb', 'ger', 'pact']);

const signatureOf = (f: TagFeatures) => ({
  aspect: f.aspect.join('.') || null,
  reflexivity: f.reflexivity.join('.') || null,
});

const withoutNie = (r: DraftReading) =>
  r.features.negation.includes('neg') && r.form.startsWith('nie') ? r.form.slice(3) : r.form;

// The verb lexemes of one lemma: one per (aspect, reflexivity) of its finite forms, gerunds and
// active participles. Morfologik keeps that pair constant within a paradigm, so two pairs mean two
// verbs spelled alike (upaść "fall", nonrefl, and upaść "fatten", refl.nonrefl). A passive
// participle or an adverbial participle goes to the compatible lexeme whose own forms share its
// stem (upasiony with upasiono); when the lexemes' forms are the same, to each of them.
function splitVerb(lemma: string, readings: DraftReading[]): LexemeDraft[] {
  const groups = new Map<string, LexemeDraft>();
  for (const r of readings) {
    if (!CORE_VERB.has(r.features.pos) || r.features.reflexivity.length === 0) continue;
    const { aspect, reflexivity } = signatureOf(r.features);
    const key = `${aspect ?? ''}\t${reflexivity ?? ''}`;
    if (!groups.has(key))
      groups.set(key, {
        lemma,
        pos: 'verb',
        gender: null,
        aspect,
        reflexivity,
        side: 0,
        readings: [],
      });
    groups.get(key)?.readings.push(r);
  }
  const lexemes = [...groups.values()];
  if (lexemes.length === 0) {
    const { aspect, reflexivity } = signatureOf((readings[0] as DraftReading).features);
    return [{ lemma, pos: 'verb', gender: null, aspect, reflexivity, side: 0, readings }];
  }
  const own = lexemes.map((l) => new Set(l.readings.map((r) => r.form)));
  const distinct = lexemes.map((_, i) =>
    [...(own[i] as Set<string>)].filter((f) => own.every((o, j) => j === i || !o.has(f))),
  );
  for (const r of readings) {
    if (CORE_VERB.has(r.features.pos) && r.features.reflexivity.length > 0) continue;
    const { aspect, reflexivity } = signatureOf(r.features);
    const fits = (l: LexemeDraft) =>
      (aspect ?? '').split('.').every((a) => (l.aspect ?? '').split('.').includes(a)) &&
      (reflexivity === null || l.reflexivity === reflexivity);
    let candidates = lexemes.map((_, i) => i).filter((i) => fits(lexemes[i] as LexemeDraft));
    if (candidates.length === 0) candidates = lexemes.map((_, i) => i);
    const stem = withoutNie(r);
    const score = (i: number) =>
      Math.max(0, ...(distinct[i] ?? []).map((f) => commonPrefix(stem, f)));
    const best = Math.max(...candidates.map(score));
    for (const i of candidates) if (score(i) === best) lexemes[i]?.readings.push(r);
  }
  return lexemes;
}

// The lexemes of one lemma and class (`pos`): nouns split by gender (a depreciative reading,
// which Morfologik tags m2, belongs to the m1 noun), verbs by aspect and reflexivity, and any
// lexeme whose cells hold two parallel sets of stems (rząd "government"/"row") split in two.
export function splitLexemes(lemma: string, pos: string, readings: DraftReading[]): LexemeDraft[] {
  let lexemes: LexemeDraft[];
  if (pos === 'subst') {
    const byGender = new Map<string, DraftReading[]>();
    for (const r of readings) {
      const gender = r.features.pos === 'depr' ? 'm1' : (r.features.gender[0] ?? '');
      byGender.set(gender, [...(byGender.get(gender) ?? []), r]);
    }
    lexemes = [...byGender.entries()].map(([gender, rs]) => ({
      lemma,
      pos,
      gender: gender || null,
      aspect: null,
      reflexivity: null,
      side: 0,
      readings: rs,
    }));
  } else if (pos === 'verb') {
    lexemes = splitVerb(lemma, readings);
  } else {
    lexemes = [{ lemma, pos, gender: null, aspect: null, reflexivity: null, side: 0, readings }];
  }
  return lexemes
    .flatMap((l) => {
      const sides = splitParallelParadigms(l.readings);
      return sides.length === 1 ? [l] : sides.map((rs, i) => ({ ...l, side: i + 1, readings: rs }));
    })
    .sort(
      (a, b) =>
        compareCodePoints(a.gender ?? '', b.gender ?? '') ||
        compareCodePoints(a.aspect ?? '', b.aspect ?? '') ||
        compareCodePoints(a.reflexivity ?? '', b.reflexivity ?? '') ||
        a.side - b.side,
    );
}
