// Rewrites the reason table of docs/report.md from the one in code (sandbox/check/reasons.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { packagePath } from '../framework/index.js';
import { renderReasonTable } from '../sandbox/check/reasons.js';

const path = packagePath('docs', 'report.md');
const text = readFileSync(path, 'utf8');
const marked = /(<!-- reason-table -->\n)[\s\S]*?(\n<!-- \/reason-table -->)/;
if (!marked.test(text)) throw new Error(`${path} has no <!-- reason-table --> markers`);
writeFileSync(
  path,
  text.replace(marked, (_, open: string, close: string) => `${open}${renderReasonTable()}${close}`),
);
process.stdout.write(`updated ${path}\n`);
