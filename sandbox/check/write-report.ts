import { mkdir } from 'node:fs/promises';
import { writeFileAtomic } from '../../framework/index.js';
import { join } from 'node:path';
import { renderReportMarkdown } from './render-report-markdown.js';
import type { Report } from './report-schema.js';

/**
 * Writes report.md, then report.json into `dir`, each atomically. report.json comes last because
 * batch resumption takes its presence to mean the submission is done.
 */
export async function writeReport(
  dir: string,
  report: Report,
): Promise<{ json: string; markdown: string }> {
  await mkdir(dir, { recursive: true });
  const json = join(dir, 'report.json');
  const markdown = join(dir, 'report.md');
  writeFileAtomic(markdown, renderReportMarkdown(report));
  writeFileAtomic(json, `${JSON.stringify(report, null, 2)}\n`);
  return { json, markdown };
}
