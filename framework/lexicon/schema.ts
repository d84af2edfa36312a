// The snapshot's tables. SCHEMA.md beside this file documents them for readers in other languages
// (the Python runtime queries the same file); change both together and bump SCHEMA_VERSION.

/** Stored in `PRAGMA user_version` and in meta('schema_version'). */
export const SCHEMA_VERSION = 5;

/** Page size fixed so that the same rows always give the same bytes. */
export const PAGE_SIZE = 4096;

/** The tables, created empty; indexes come after the rows are in (see SCHEMA_INDEXES). */
export const SCHEMA_TABLES = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE lexemes (
  id INTEGER PRIMARY KEY,
  lemma TEXT NOT NULL,
  pos TEXT NOT NULL,
  gender TEXT,
  aspect TEXT,
  reflexivity TEXT,
  sense INTEGER NOT NULL,
  rank INTEGER
);
CREATE TABLE forms (id INTEGER PRIMARY KEY, form TEXT NOT NULL, rank INTEGER, sjp INTEGER);
CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  tag TEXT NOT NULL,
  pos TEXT NOT NULL,
  mask0 INTEGER NOT NULL,
  mask1 INTEGER NOT NULL,
  mask2 INTEGER NOT NULL
);
CREATE TABLE value_bits (value TEXT PRIMARY KEY, word INTEGER NOT NULL, bit INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE tag_values (
  value TEXT NOT NULL,
  tag_id INTEGER NOT NULL,
  feature TEXT NOT NULL,
  PRIMARY KEY (value, tag_id)
) WITHOUT ROWID;
CREATE TABLE readings (
  lexeme_id INTEGER NOT NULL,
  form_id INTEGER NOT NULL,
  tag_id INTEGER NOT NULL,
  variant INTEGER NOT NULL,
  PRIMARY KEY (lexeme_id, form_id, tag_id)
) WITHOUT ROWID;
CREATE TABLE variant_notes (code INTEGER PRIMARY KEY, why TEXT NOT NULL);
CREATE TABLE paradigm_lemmas (lemma TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE paradigm_buckets (id INTEGER PRIMARY KEY, data BLOB NOT NULL);
CREATE TABLE paradigm_endings (page INTEGER PRIMARY KEY, data BLOB NOT NULL);
`;

/** Lookup indexes: lemma to lexemes, form text to form id, form id to its readings. */
export const SCHEMA_INDEXES = `
CREATE INDEX lexemes_by_lemma ON lexemes (lemma);
CREATE INDEX lexemes_by_rank ON lexemes (pos, rank);
CREATE UNIQUE INDEX forms_by_form ON forms (form);
CREATE UNIQUE INDEX tags_by_tag ON tags (tag);
CREATE INDEX readings_by_form ON readings (form_id, lexeme_id, tag_id);
`;
