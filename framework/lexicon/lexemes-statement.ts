import type BetterSqlite3 from 'better-sqlite3';
import { z } from 'zod';
import { RpeError } from '../errors.js';
import { LEXEME_COLUMNS } from './form-finder.js';
import type { LexemeFilter } from './lexicon.js';

const filterSchema = z.strictObject({
  pos: z.string().optional(),
  gender: z.union([z.string(), z.array(z.string())]).optional(),
  aspect: z.string().optional(),
  reflexivity: z.string().optional(),
  sense: z.number().int().positive().optional(),
  maxRank: z.number().optional(),
  lemma: z.string().optional(),
  limit: z.number().int().nonnegative().optional(),
});

// The prepared statement for one shape of lexemes() filter, prepared once per shape and kept in
// `cache`; returns it with the parameters in placeholder order.
export function lexemesStatement(
  db: BetterSqlite3.Database,
  cache: Map<string, BetterSqlite3.Statement>,
  filter: LexemeFilter,
): { statement: BetterSqlite3.Statement; params: (string | number)[] } {
  const checked = filterSchema.safeParse(filter);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue?.path.join('.') || 'filter';
    throw new RpeError('lexicon_bad_filter', `lexemes(): ${field}: ${issue?.message ?? 'invalid'}`);
  }
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.pos !== undefined) {
    where.push('pos = ?');
    params.push(filter.pos);
  }
  if (filter.gender !== undefined) {
    const genders = typeof filter.gender === 'string' ? [filter.gender] : [...filter.gender];
    where.push(genders.length === 0 ? '0' : `gender IN (${genders.map(() => '?').join(', ')})`);
    params.push(...genders);
  }
  for (const column of ['aspect', 'reflexivity', 'sense'] as const) {
    const value = filter[column];
    if (value === undefined) continue;
    where.push(`${column} = ?`);
    params.push(value);
  }
  if (filter.maxRank !== undefined) {
    where.push('rank <= ?');
    params.push(filter.maxRank);
  }
  if (filter.lemma !== undefined) {
    where.push('lemma = ?');
    params.push(filter.lemma);
  }
  let sql = `SELECT ${LEXEME_COLUMNS} FROM lexemes`;
  if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`;
  sql += ' ORDER BY rank IS NULL, rank, lemma, id';
  if (filter.limit !== undefined) {
    sql += ' LIMIT ?';
    params.push(filter.limit);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql).raw();
    cache.set(sql, statement);
  }
  return { statement, params };
}
