import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { RpeError, isRpeError } from '../errors.js';
import { packagePath } from '../package-root.js';
import { allowForms, answerFinder } from './answer-finder.js';
import { spelledAnswer } from './spelled-answer.js';
import { LEXEME_COLUMNS, type LexemeRow, formFinder, toLexeme } from './form-finder.js';
import { lexemesStatement } from './lexemes-statement.js';
import type { AnswerOptions, Lexeme, LexemeFilter, Lexicon, LexiconInfo } from './lexicon.js';
import { LexiconError } from './lexicon-error.js';
import { SCHEMA_VERSION } from './schema.js';
import { tagTable } from './tag-table.js';

/** The most of a snapshot SQLite maps into memory: more than the bundled one's 31 MB. */
const MMAP_BYTES = 256 * 2 ** 20;

// Opens a snapshot read-only (default: the bundled data/morphology.sqlite).
export function openLexicon(path: string = packagePath('data', 'morphology.sqlite')): Lexicon {
  // Opening a named pipe or a device would wait forever or read without end.
  if (existsSync(path) && !statSync(path).isFile()) {
    throw new RpeError(
      'lexicon_invalid',
      `${path}: not a morphology snapshot (not a regular file)`,
    );
  }
  try {
    return openSnapshot(path);
  } catch (error) {
    // A file with the right version but missing tables or damaged pages fails while the
    // statements are prepared: the same clear error as a file that is no database at all.
    if (isRpeError(error) || !(error instanceof Error) || error.name !== 'SqliteError') throw error;
    throw new RpeError('lexicon_invalid', `${path}: not a morphology snapshot (${error.message})`, {
      cause: error,
    });
  }
}

function openSnapshot(path: string): Lexicon {
  if (!existsSync(path)) {
    throw new RpeError(
      'lexicon_missing',
      `${path}: morphology snapshot not found; run \`rpe lexicon build\``,
    );
  }
  // Loaded here, not at import time, so importing the framework stays cheap.
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  let db: BetterSqlite3.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    // Nothing writes a snapshot while it is open: the connection keeps its shared lock and its
    // page cache between statements instead of taking the lock and checking the file each time.
    db.pragma('locking_mode = EXCLUSIVE');
    // Pages are read from a memory map of the file rather than copied in by a read() each: a
    // first ask reads a bucket of several pages, and this takes about 40% off the time SQLite
    // spends on them (npm run bench -- lexicon). The map only reserves address space; pages
    // come from the OS's file cache, shared between processes that open the same snapshot.
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
    const version = db.pragma('user_version', { simple: true });
    if (version !== SCHEMA_VERSION) {
      db.close();
      throw new RpeError(
        'lexicon_invalid',
        `${path}: schema version ${String(version)}, expected ${SCHEMA_VERSION}`,
      );
    }
  } catch (error) {
    if (isRpeError(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RpeError('lexicon_invalid', `${path}: not a morphology snapshot (${reason})`, {
      cause: error,
    });
  }
  const tags = tagTable(db, path);
  const lexemeStatements = new Map<string, BetterSqlite3.Statement>();
  const finder = formFinder(db, tags);
  const lexemesOf = (lemma: string): Lexeme[] => {
    const { statement, params } = lexemesStatement(db, lexemeStatements, { lemma });
    return (statement.all(...params) as LexemeRow[]).map(toLexeme);
  };
  const spelled = spelledAnswer(answerFinder(db, finder), lexemesOf);
  const answer = (lemma: string | Lexeme, query: string, options?: AnswerOptions) =>
    allowForms(spelled(lemma, query), query, options?.allow);
  const lexemeColumns = LEXEME_COLUMNS.split(', ')
    .map((c) => `l.${c}`)
    .join(', ');
  const analyseForm = db
    .prepare(
      `SELECT ${lexemeColumns}, f.rank, r.tag_id, r.variant FROM forms f
       JOIN readings r ON r.form_id = f.id JOIN lexemes l ON l.id = r.lexeme_id
       WHERE f.form = ? ORDER BY r.lexeme_id, r.tag_id`,
    )
    .raw();

  return {
    forms: finder.forms,
    answer,
    form: (lemma, query) => answer(lemma, query).gold,
    analyse(form) {
      const rows = analyseForm.all(form) as [...LexemeRow, number | null, number, number][];
      if (rows.length === 0) throw new LexiconError('unknown_form', `unknown form "${form}"`);
      return rows.map((row) => {
        const { tag, features } = tags.get(row[9]);
        const lexeme = toLexeme(row.slice(0, 8) as LexemeRow);
        return { form, tag, features, lexeme, rank: row[8], variant: row[10] };
      });
    },
    lexemes(filter: LexemeFilter = {}) {
      const { statement, params } = lexemesStatement(db, lexemeStatements, filter);
      return (statement.all(...params) as LexemeRow[]).map(toLexeme);
    },
    info(): LexiconInfo {
      const count = (sql: string) => (db.prepare(sql).pluck().get() as number | undefined) ?? 0;
      const source = db.prepare("SELECT value FROM meta WHERE key = 'source'").pluck().get();
      return {
        path,
        source: typeof source === 'string' ? source : 'unknown',
        lemmas: count('SELECT COUNT(DISTINCT lemma) FROM lexemes'),
        lexemes: count('SELECT COUNT(*) FROM lexemes'),
        forms: count('SELECT COUNT(*) FROM forms'),
        readings: count('SELECT COUNT(*) FROM readings'),
      };
    },
    close: () => db.close(),
  };
}
