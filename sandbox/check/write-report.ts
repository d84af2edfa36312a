import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderReportMarkdown } from './render-report-markdown.js';
import type { Report } from './report-schema.js';

// Writes a file whole or not at all: a temporary file in the same folder, then a rename.
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(temp, content);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

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
  await writeFileAtomic(markdown, renderReportMarkdown(report));
  await writeFileAtomic(json, `${JSON.stringify(report, null, 2)}\n`);
  return { json, markdown };
}
