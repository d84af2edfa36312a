import { commonPrefix } from './common-prefix.js';
import { verbVariantPair } from './split-parallel-paradigms.js';
import { nullsLast } from './nulls-last.js';
import { compareCodePoints } from './compare-code-points.js';
import type { DraftReading } from './split-lexemes.js';
import { type VariantNote, curatedNote, noteCode } from './variant-rules.js';

const LIFTED_BY_RANK = new Set<VariantNote>(['softOw', 'hardY', 'softZero', 'literaryVocative']);

/** A reading's place in its cell: 0 the cell's standard form, 1 an equally standard variant, 2+ a note. */
export type VariantCode = number;

export interface VariantInputs {
  lemma: string;
  gender: string | null;
  readings: readonly DraftReading[];
  /** A form's frequency rank, null when unranked. */
  rankOf(form: string): number | null;
  /**
   * Whether the second authority (SJP.pl) has the form; undefined when the snapshot is built
   * without it (the frequency list then decides alone).
   */
  sjpHas?: (form: string) => boolean;
}

const numbersMeet = (a: readonly string[], b: readonly string[]) =>
  a.length === 0 || b.length === 0 || a.some((n) => b.includes(n));

/**
 * The variant code of every reading of one lexeme (same order as `readings`). In each cell
 * (one tag) with several forms: curated patterns (variant-rules.ts) drop substandard variants
 * unless the frequency list attests them; when another form of the cell is ranked (and is not
 * also a form of the other number), a form the frequency list lacks is dropped (lekarzów beside
 * lekarzy, domie beside domu); a form that also fills cells of the other number (koszuli, the
 * singular genitive, beside koszul) is dropped when the cell has a form of its own. Of the rest, the standard form has the best rank,
 * then the longest beginning in common with the lemma (zieloni, not zieleni; dłońmi before
 * dłoniami), then the most cells of the paradigm, then the first place in code point order; the
 * others are equally standard variants.
 */
export function classifyVariants(input: VariantInputs): VariantCode[] {
  const { rankOf } = input;
  const cells = new Map<string, { features: DraftReading['features']; forms: string[] }>();
  const numbersOf = new Map<string, (readonly string[])[]>();
  const cellsOf = new Map<string, number>();
  for (const r of input.readings) {
    cellsOf.set(r.form, (cellsOf.get(r.form) ?? 0) + 1);
    const cell = cells.get(r.tag) ?? { features: r.features, forms: [] };
    if (!cell.forms.includes(r.form)) cell.forms.push(r.form);
    cells.set(r.tag, cell);
    numbersOf.set(r.form, [...(numbersOf.get(r.form) ?? []), r.features.number]);
  }
  // The -ną- and prefix variants of a verb form two series (zniknął, zniknęła... and znikł,
  // znikła...): when the frequency list attests a form of one series, it attests the series.
  const series: [Set<string>, Set<string>] = [new Set(), new Set()];
  for (const { forms } of cells.values()) {
    for (const a of forms) {
      for (const b of forms) {
        const pair = verbVariantPair(a, b);
        if (pair) {
          series[0].add(pair.long);
          series[1].add(pair.short);
        }
      }
    }
  }
  const seriesAttested = series.map((s) => [...s].some((f) => rankOf(f) !== null));
  const inAttestedSeries = (f: string) =>
    series.some((s, i) => seriesAttested[i] === true && s.has(f));
  const codes = new Map<string, VariantCode>();
  for (const [tag, { features, forms }] of cells) {
    const context = {
      lemma: input.lemma,
      gender: input.gender,
      pos: features.pos,
      flex: features.flex,
      plural: features.number.includes('pl'),
      forms: new Set(forms),
      values: features.values,
    };
    if (forms.length === 1) {
      const only = forms[0] ?? '';
      const curated = curatedNote(only, context) === 'curated';
      codes.set(`${only}\n${tag}`, curated ? noteCode('curated') : 0);
      continue;
    }
    const borrowed = (f: string) =>
      (numbersOf.get(f) ?? []).some((n) => !numbersMeet(n, features.number));
    const attested = (f: string) => rankOf(f) !== null && !borrowed(f);
    const notes = new Map<string, VariantNote>();
    for (const f of forms) {
      const note = curatedNote(f, context);
      // The stem patterns yield to the frequency list: an attested -ów (uczniów) stays.
      if (note && !(LIFTED_BY_RANK.has(note) && attested(f))) notes.set(f, note);
    }
    // A pattern never leaves a cell without a standard form; a curated single form does.
    if (notes.size === forms.length) {
      for (const [f, note] of notes) if (note !== 'curated') notes.delete(f);
    }
    const left = () => forms.filter((f) => !notes.has(f));
    const { sjpHas } = input;
    if (sjpHas !== undefined && left().some(sjpHas)) {
      // SJP.pl decides between the forms PoliMorf lists: what it has is equally standard
      // (pokojów beside pokoi, doktorowie beside doktorzy), what it lacks is not (domie, psowie).
      // A form the frequency list has is attested by it, whatever SJP.pl lacks (migota).
      for (const f of left()) if (!sjpHas(f) && rankOf(f) === null) notes.set(f, 'notInSjp');
    } else if (left().some(attested)) {
      for (const f of left()) {
        if (rankOf(f) === null && !inAttestedSeries(f)) notes.set(f, 'unattested');
      }
    }
    if (left().some((f) => !borrowed(f))) {
      for (const f of left()) if (borrowed(f)) notes.set(f, 'otherNumber');
    }
    const [standard, ...variants] = left().sort(
      (a, b) =>
        nullsLast(rankOf(a), rankOf(b)) ||
        commonPrefix(b, input.lemma) - commonPrefix(a, input.lemma) ||
        (cellsOf.get(b) ?? 0) - (cellsOf.get(a) ?? 0) ||
        compareCodePoints(a, b),
    );
    if (standard !== undefined) codes.set(`${standard}\n${tag}`, 0);
    for (const f of variants) codes.set(`${f}\n${tag}`, 1);
    for (const [f, note] of notes) codes.set(`${f}\n${tag}`, noteCode(note));
  }
  return input.readings.map((r) => codes.get(`${r.form}\n${r.tag}`) ?? 0);
}
