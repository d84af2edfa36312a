import { existsSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { featureOfValue } from './parse-tag.js';
import { VALUE_BITS, valueMasks } from './value-bits.js';
import { type SjpForms, type SourceRow, planLexicon } from './plan-lexicon.js';
import { packParadigms } from './pack-paradigms.js';
import { PAGE_SIZE, SCHEMA_INDEXES, SCHEMA_TABLES, SCHEMA_VERSION } from './schema.js';
import { VARIANT_NOTES, VARIANT_RULES_VERSION } from './variant-rules.js';

export interface BuildLexiconOptions {
  rows: Iterable<SourceRow>;
  /** Where the snapshot goes; written beside it first and renamed, so no partial file is left. */
  out: string;
  /** A form's frequency rank (1 = most frequent), null when unranked. Default: all unranked. */
  rankOf?: (form: string) => number | null;
  /** What SJP.pl says of the forms; without it the frequency list alone decides between variants. */
  sjp?: SjpForms;
  /** Describes the sources, shown by info(). */
  source: string;
  /** Extra meta rows (source versions...). Never put a time stamp here: the bytes must repeat. */
  meta?: Readonly<Record<string, string>>;
}

export interface BuildLexiconResult {
  out: string;
  lexemes: number;
  forms: number;
  tags: number;
  readings: number;
}

// Builds a snapshot from Morfologik rows; the same rows and ranks always give the same bytes.
export function buildLexicon(options: BuildLexiconOptions): BuildLexiconResult {
  const plan = planLexicon(options.rows, options.rankOf ?? (() => null), options.sjp);
  const temp = join(dirname(options.out), `.${basename(options.out)}.${process.pid}.tmp`);
  rmSync(temp, { force: true });
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  const db = new Database(temp);
  try {
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    db.exec(SCHEMA_TABLES);
    const meta: [string, string][] = Object.entries({
      ...options.meta,
      schema_version: String(SCHEMA_VERSION),
      source: options.source,
      variant_rules: VARIANT_RULES_VERSION,
    });
    db.transaction(() => {
      const putMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
      for (const [key, value] of meta.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        putMeta.run(key, value);
      const putLexeme = db.prepare(
        'INSERT INTO lexemes (id, lemma, pos, gender, aspect, reflexivity, sense, rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      );
      plan.lexemes.forEach((l, i) =>
        putLexeme.run(i + 1, l.lemma, l.pos, l.gender, l.aspect, l.reflexivity, l.sense, l.rank),
      );
      const putNote = db.prepare('INSERT INTO variant_notes (code, why) VALUES (?, ?)');
      VARIANT_NOTES.forEach((why, i) => putNote.run(i + 2, why));
      const putForm = db.prepare('INSERT INTO forms (id, form, rank, sjp) VALUES (?, ?, ?, ?)');
      plan.forms.forEach((f, i) => putForm.run(i + 1, f.form, f.rank, f.sjp ?? null));
      const putBit = db.prepare('INSERT INTO value_bits (value, word, bit) VALUES (?, ?, ?)');
      for (const [value, [word, bit]] of VALUE_BITS) putBit.run(value, word, bit);
      const putTag = db.prepare(
        'INSERT INTO tags (id, tag, pos, mask0, mask1, mask2) VALUES (?, ?, ?, ?, ?, ?)',
      );
      const putValue = db.prepare(
        'INSERT INTO tag_values (value, tag_id, feature) VALUES (?, ?, ?)',
      );
      plan.tags.forEach(({ tag, features }, i) => {
        putTag.run(i + 1, tag, features.pos, ...valueMasks(features.values));
        for (const value of features.values) {
          const feature = value === features.pos ? 'pos' : (featureOfValue(value) ?? 'unknown');
          putValue.run(value, i + 1, feature);
        }
      });
      const putReading = db.prepare(
        'INSERT INTO readings (lexeme_id, form_id, tag_id, variant) VALUES (?, ?, ?, ?)',
      );
      for (const r of plan.readings) putReading.run(r[0], r[1], r[2], r[3]);
      const packed = packParadigms(plan);
      const putLemma = db.prepare('INSERT INTO paradigm_lemmas (lemma, n) VALUES (?, ?)');
      for (const [lemma, n] of packed.lemmas) putLemma.run(lemma, n);
      const putBucket = db.prepare('INSERT INTO paradigm_buckets (id, data) VALUES (?, ?)');
      for (const [id, data] of packed.buckets) putBucket.run(id, data);
      const putPage = db.prepare('INSERT INTO paradigm_endings (page, data) VALUES (?, ?)');
      packed.endingPages.forEach((data, page) => putPage.run(page, data));
    })();
    db.exec(SCHEMA_INDEXES);
    db.exec('VACUUM');
    db.close();
    if (existsSync(options.out)) rmSync(options.out);
    renameSync(temp, options.out);
  } catch (error) {
    if (db.open) db.close();
    rmSync(temp, { force: true });
    throw error;
  }
  return {
    out: options.out,
    lexemes: plan.lexemes.length,
    forms: plan.forms.length,
    tags: plan.tags.length,
    readings: plan.readings.length,
  };
}
