import { mkdir } from 'node:fs/promises';
import { writeFileAtomic } from '../../framework/index.js';
import { join } from 'node:path';
import { renderReportMarkdown } from './render-report-markdown.js';
import type { Report } from './report-schema.js';
import { sealReport } from './seal-report.js';

/**
 * Writes report.md, then report.json into `dir`, each atomically, the report sealed with its
 * `receipt_sha256` (recomputed, as a batch adds to a report after its check). report.json comes
 * last because batch resumption takes its presence to mean the submission is done.
 */
export async function writeReport(
  dir: string,
  unsealed: Report,
): Promise<{ json: string; markdown: string; report: Report }> {
  const report = sealReport(unsealed);
  await mkdir(dir, { recursive: true });
  const json = join(dir, 'report.json');
  const markdown = join(dir, 'report.md');
  writeFileAtomic(markdown, renderReportMarkdown(report));
  writeFileAtomic(json, `${JSON.stringify(report, null, 2)}\n`);
  return { json, markdown, report };
}
