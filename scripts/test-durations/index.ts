// Refreshes tests/file-durations.json, the order a fresh clone runs the test files in
// (tests/slow-first-sequencer.ts), from a run's JSON report:
//   npx vitest run --reporter=default --reporter=json --outputFile=report.json
//   npx tsx scripts/test-durations/index.ts report.json
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { packagePath } from '../../framework/package-root.js';

const [report] = process.argv.slice(2);
if (!report) {
  process.stderr.write('usage: tsx scripts/test-durations/index.ts REPORT.json\n');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
  testResults: { name: string; startTime: number; endTime: number }[];
};
// A report written in another checkout: the path from the first of the test folders on.
const TOP = /\/(?:tests|framework|sandbox|panel|cli|scripts|examples)\//;
function inRepository(file: string): string {
  const rel = relative(packagePath(), file);
  if (!rel.startsWith('..')) return rel;
  const at = TOP.exec(file)?.index;
  return at === undefined ? rel : file.slice(at + 1);
}
const seconds = testResults
  .map((f) => [inRepository(f.name), Math.round((f.endTime - f.startTime) / 1000)] as const)
  .sort((a, b) => b[1] - a[1]);
writeFileSync(
  packagePath('tests', 'file-durations.json'),
  `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`,
);
process.stdout.write(`tests/file-durations.json: ${seconds.length} files\n`);
