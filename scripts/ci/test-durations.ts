// Per-file durations of a test run, from vitest's JSON report, slowest first, with their sum and
// the run's wall time: `npm test -- --reporter=default --reporter=json --outputFile=report.json`,
// then `npx tsx scripts/ci/test-durations.ts report.json [--top 20]`. The sum is what one file
// at a time would take; the wall time, what the run took with its workers. With `--write`, the
// durations also become tests/file-durations.json, the order in which a fresh clone runs the
// files (tests/slow-first-sequencer.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { z } from 'zod';
import { packagePath } from '../../framework/package-root.js';

const reportSchema = z.object({
  startTime: z.number(),
  numFailedTests: z.number(),
  numPassedTests: z.number(),
  numPendingTests: z.number(),
  testResults: z.array(
    z.object({
      name: z.string(),
      startTime: z.number(),
      endTime: z.number(),
      status: z.string(),
    }),
  ),
});

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: tsx scripts/ci/test-durations.ts REPORT.json [--top N] [--write]\n');
  process.exit(2);
}
const at = rest.indexOf('--top');
const top = at >= 0 ? Number(rest[at + 1]) : Infinity;

// A file's path in this checkout, also for a report written in another checkout of it.
const TOP = /\/(?:tests|framework|sandbox|panel|cli|scripts|examples)\//;
function inRepository(name: string): string {
  const rel = relative(packagePath(), name);
  if (!rel.startsWith('..')) return rel;
  const start = TOP.exec(name)?.index;
  return start === undefined ? rel : name.slice(start + 1);
}

const report = reportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
const files = report.testResults
  .map((r) => ({
    name: inRepository(r.name),
    seconds: (r.endTime - r.startTime) / 1000,
    status: r.status,
  }))
  .sort((a, b) => b.seconds - a.seconds);
for (const f of files.slice(0, top))
  process.stdout.write(`${f.seconds.toFixed(1).padStart(7)} s  ${f.status.padEnd(7)} ${f.name}\n`);
const sum = files.reduce((total, f) => total + f.seconds, 0);
const wall = (Math.max(...report.testResults.map((r) => r.endTime)) - report.startTime) / 1000;
process.stdout.write(
  `${files.length} files: ${sum.toFixed(0)} s one after another, ${wall.toFixed(0)} s wall clock; ` +
    `${report.numPassedTests} tests passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped\n`,
);
if (rest.includes('--write')) {
  const seconds = Object.fromEntries(files.map((f) => [f.name, Math.round(f.seconds)]));
  writeFileSync(
    packagePath('tests', 'file-durations.json'),
    `${JSON.stringify(seconds, null, 2)}\n`,
  );
  process.stdout.write(`tests/file-durations.json: ${files.length} files\n`);
}
