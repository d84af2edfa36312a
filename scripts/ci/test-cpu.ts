// The CPU of a test run by file, from the log tests/cpu-per-file.ts writes:
// `RPE_TEST_CPU=$PWD/cpu.jsonl npm test`, then `npx tsx scripts/ci/test-cpu.ts cpu.jsonl [--top N]`.
// "self" is the vitest worker (the test code and its imports), "children" the processes it
// started and waited for (CLI runs, generators, docker and git commands).
import { readFileSync } from 'node:fs';
import { cpuTable } from './cpu-table.js';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: tsx scripts/ci/test-cpu.ts CPU.jsonl [--top N]\n');
  process.exit(2);
}
const at = rest.indexOf('--top');
try {
  const text = readFileSync(file, 'utf8');
  process.stdout.write(cpuTable(text, file, at >= 0 ? Number(rest[at + 1]) : Infinity));
} catch (error) {
  process.stderr.write(`test-cpu: ${(error as Error).message}\n`);
  process.exit(1);
}
