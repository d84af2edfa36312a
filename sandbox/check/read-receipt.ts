import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { RpeError, readSource } from '../../framework/index.js';
import { makeReason, verdictOf } from './reasons.js';
import { reportSchema, reportSchemaV1, type Report, type ReportV1 } from './report-schema.js';
import { firstUnknownKey, jsonShapeProblem, MAX_RECEIPT_DEPTH } from './scan-json.js';
import { receiptSha256 } from './seal-report.js';

/** The schemas this toolkit reads; a receipt of any other is refused with a clear line. */
export const READABLE_SCHEMAS = ['rpe-report/1', 'rpe-report/2'] as const;

// The first schema's runtime_error of a failed install step: every seed had one, same message.
const V1_INSTALL = /^seed \d+: (install step (failed|refused|timed out).*)$/s;

// A first-schema reason under today's codes: a failed install step is install_failed, once.
function upgradeReasons(old: ReportV1['reasons']): Report['reasons'] {
  const reasons: Report['reasons'] = [];
  for (const r of old) {
    const install = r.code === 'runtime_error' ? V1_INSTALL.exec(r.message) : null;
    if (!install) reasons.push(makeReason(r.code, r.seed, r.message));
    else if (!reasons.some((x) => x.code === 'install_failed'))
      reasons.push(makeReason('install_failed', null, `${install[1]}; no seed was run`));
  }
  return reasons;
}

/**
 * A first-schema report in the current shape: each reason gets its class from today's table and
 * the verdict is recomputed from them (so a receipt that was `disqualified` only for a data hash
 * reads as `incomplete`, and one whose install step failed reads as `install_failed`); what the
 * first schema did not record is empty. The tree it hashed was the folder as it was, so it is
 * re-created in place.
 */
export function upgradeReport(old: ReportV1): Report {
  const reasons = upgradeReasons(old.reasons);
  return {
    ...old,
    schema: 'rpe-report/2',
    verdict: verdictOf(reasons),
    reasons,
    warnings: [],
    executor: { ...old.executor, network_traced: false },
    engine: null,
    requeued: [],
    generator_toolkit: null,
    runner: null,
    install: null,
    seeds: old.seeds.map((s) => ({ ...s, set: null })),
    receipt_sha256: null,
    data_hash: {
      ...old.data_hash,
      recipe: old.data_hash.ok && old.data_hash.actual ? 'directory' : null,
      source: null,
      files: [],
    },
    submission: {
      ...old.submission,
      selection: 'in_place',
      commit: old.submission.source?.commit ?? null,
      ref: null,
      uncommitted: [],
      left_out: [],
    },
  };
}

function firstIssue(error: z.ZodError): string {
  const first = error.issues[0];
  return `${first?.path.join('.') || '(root)'}: ${first?.message}`;
}

// What the schema cannot say of a receipt: its seeds are a list a check could have been asked
// for, and every seed it reports was asked for, once.
function seedProblem(report: Report): string | null {
  const asked = report.requested_seeds;
  if (asked.length === 0) return 'requested_seeds: no seed was asked for';
  if (asked.some((seed) => seed < 0 || !Number.isSafeInteger(seed))) {
    return 'requested_seeds: seeds are non-negative integers';
  }
  if (new Set(asked).size !== asked.length) return 'requested_seeds: a seed is repeated';
  const reported = report.seeds.map((s) => s.seed);
  if (new Set(reported).size !== reported.length) return 'seeds: a seed is reported twice';
  const stray = reported.find((seed) => !asked.includes(seed));
  return stray === undefined ? null : `seeds: seed ${stray} is reported but was not asked for`;
}

/** A receipt as read: the report in the current schema, and the hash of the file's content. */
export interface ReadReceipt {
  file: string;
  report: Report;
  schema: (typeof READABLE_SCHEMAS)[number];
  /** The receipt's sha256 as computed from the file (see receiptSha256). */
  sha256: string;
}

/**
 * Reads and validates a report.json (or the report.json inside a folder) as a run receipt: an
 * untrusted input. Only a regular file is read, with the input cap; it must have no repeated key
 * in any object, no nesting deeper than MAX_RECEIPT_DEPTH, and (schema 2) no field the schema does
 * not define; its paths, limits, commit and seeds must be ones a check could have written (see
 * reportSchema), or it is refused, exit 2.
 */
export async function readReceipt(path: string): Promise<ReadReceipt> {
  const isDir = await stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
  const file = isDir ? join(path, 'report.json') : path;
  // A pipe or a device is refused before it is opened, and a file over the input cap is too.
  const text = new TextDecoder().decode(
    readSource(file, { stdin: false, code: 'receipt_unreadable' }),
  );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RpeError('receipt_invalid', `${file} is not JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  // What JSON.parse hides (a repeated key: it keeps the last, a reader of the text may see the
  // first) and nesting no check writes are refused before anything recursive reads the value.
  const shape = jsonShapeProblem(text, MAX_RECEIPT_DEPTH);
  if (shape?.kind === 'duplicate_key') {
    throw new RpeError(
      'receipt_invalid',
      `${file} is not a report: ${shape.path || '(root)'}: key "${shape.key}" appears twice`,
    );
  }
  if (shape?.kind === 'too_deep') {
    throw new RpeError(
      'receipt_invalid',
      `${file} is not a report: nested deeper than ${shape.depth} levels`,
    );
  }
  const sha256 = receiptSha256(value);
  const schema = (value as { schema?: unknown } | null)?.schema;
  let read: Omit<ReadReceipt, 'sha256'>;
  if (schema === 'rpe-report/1') {
    const parsed = reportSchemaV1.safeParse(value);
    if (!parsed.success)
      throw new RpeError('receipt_invalid', `${file} is not a report: ${firstIssue(parsed.error)}`);
    read = { file, report: upgradeReport(parsed.data), schema };
  } else {
    if (
      typeof schema === 'string' &&
      schema.startsWith('rpe-report/') &&
      schema !== 'rpe-report/2'
    ) {
      throw new RpeError(
        'receipt_schema_unknown',
        `${file} is a report of schema ${schema}, which this toolkit cannot read (it reads ${READABLE_SCHEMAS.join(', ')}); use the toolkit version that wrote it`,
      );
    }
    const parsed = reportSchema.safeParse(value);
    if (!parsed.success)
      throw new RpeError('receipt_invalid', `${file} is not a report: ${firstIssue(parsed.error)}`);
    // Strict where a receipt is read: a field the schema does not define is refused, not
    // dropped (the hash covers it, so a reader of the file would take it for the check's).
    const unknown = firstUnknownKey(value, parsed.data);
    if (unknown !== null) {
      throw new RpeError(
        'receipt_invalid',
        `${file} is not a report: ${unknown}: not a field a check writes`,
      );
    }
    read = { file, report: parsed.data, schema: 'rpe-report/2' };
  }
  const problem = seedProblem(read.report);
  if (problem) throw new RpeError('receipt_invalid', `${file} is not a report: ${problem}`);
  return { ...read, sha256 };
}
