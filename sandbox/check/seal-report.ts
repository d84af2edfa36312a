import { createHash } from 'node:crypto';
import type { Report } from './report-schema.js';

// JSON with every object's keys sorted (by UTF-16 code units, as RFC 8785 does) and no spaces:
// the same value gives the same text whatever order or layout the file had.
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The sha256 of a receipt: over its canonical JSON without its own `receipt_sha256` field, so
 * the hash can be recorded inside the receipt and re-computed from any copy of it, however laid
 * out. `value` is the receipt as parsed JSON (not as a schema read it: that drops fields).
 */
export function receiptSha256(value: unknown): string {
  const rest =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'receipt_sha256'))
      : value;
  return createHash('sha256').update(canonicalJson(rest)).digest('hex');
}

// The report with its `receipt_sha256` (re)computed: the last step before it is printed or written.
export function sealReport(report: Report): Report {
  // Through JSON, so the hash is over what a reader of the file parses.
  return { ...report, receipt_sha256: receiptSha256(JSON.parse(JSON.stringify(report))) };
}
