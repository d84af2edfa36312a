// The documents (or parts of documents) that are generated from the code.
import { readFileSync } from 'node:fs';
import { packagePath } from '../../framework/package-root.js';
import { renderReasonTable } from '../../sandbox/check/reasons.js';
import { reportSchema } from '../../sandbox/check/report-schema.js';
import { cliReference } from './cli-reference.js';
import { schemaTable } from './schema-reference.js';

export interface GeneratedDoc {
  /** Path relative to the package root. */
  file: string;
  /** The whole file as it must be. */
  content: string;
}

// Replaces what stands between `<!-- NAME:start -->` and `<!-- NAME:end -->` in a document.
function replaceBlock(text: string, name: string, block: string, file: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} ... ${end} block`);
  return `${text.slice(0, from + start.length)}\n${block}\n${text.slice(to)}`;
}

export async function generatedDocs(): Promise<GeneratedDoc[]> {
  const report = 'docs/report.md';
  return [
    { file: 'docs/cli.md', content: await cliReference() },
    {
      file: report,
      content: replaceBlock(
        replaceBlock(
          readFileSync(packagePath(report), 'utf8'),
          'report-schema',
          schemaTable(reportSchema),
          report,
        ),
        'reason-table',
        renderReasonTable(),
        report,
      ),
    },
  ];
}
