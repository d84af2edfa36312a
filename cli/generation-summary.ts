import type { FamilySummary, GenerationWarning } from '../framework/generator/index.js';
import { printJson, printLine } from './output.js';

/** What `rpe generate` reports of one seed, from a TypeScript or a Python generator. */
export interface GenerationSummary {
  generator: string;
  runtime: 'typescript' | 'python';
  seed: number;
  out: string;
  meta: string | null;
  nItems: number;
  families: readonly FamilySummary[];
  expectedOverlap: number;
  warnings: readonly GenerationWarning[];
}

function percent(x: number | null): string {
  return x === null ? '?' : `${(100 * x).toFixed(1)}%`;
}

// The --json document of a generation.
function summaryJson(s: GenerationSummary): unknown {
  return {
    generator: s.generator,
    runtime: s.runtime,
    seed: s.seed,
    out: s.out,
    meta: s.meta,
    n_items: s.nItems,
    expected_overlap: s.expectedOverlap,
    families: s.families.map((f) => ({
      id: f.id,
      phenomenon: f.phenomenon,
      items: f.produced,
      attempts: f.attempts,
      duplicates: f.duplicates,
      rejections: f.rejections,
      capacity: f.capacity,
      capacity_source: f.source,
      expected_overlap: f.expectedOverlap,
    })),
    warnings: s.warnings,
  };
}

// Prints a generation: one JSON document, or a line, the family table and the warnings. A lemma
// the snapshot does not know is also said on stderr, in both modes: a misspelt word list must not
// hide in the rejection count.
export function printGeneration(s: GenerationSummary, json: boolean): void {
  for (const w of s.warnings) {
    if (w.code === 'unknown_lemma') process.stderr.write(`warning: ${w.message}\n`);
  }
  if (json) return printJson(summaryJson(s));
  printLine(`wrote ${s.nItems} items to ${s.out} (generator ${s.generator}, seed ${s.seed})`);
  const header = ['family', 'items', 'attempts', 'rejected', 'duplicates', 'capacity', 'overlap'];
  const rows = s.families.map((f) => [
    f.id,
    String(f.produced),
    String(f.attempts),
    String(Object.values(f.rejections).reduce((a, b) => a + b, 0)),
    String(f.duplicates),
    f.capacity === null ? '?' : `${f.source === 'estimated' ? '~' : ''}${f.capacity}`,
    percent(f.expectedOverlap),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const row of [header, ...rows]) {
    printLine(
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join('  '),
    );
  }
  printLine(`expected overlap of two seeds: ${percent(s.expectedOverlap)} (limit 50%)`);
  for (const w of s.warnings) {
    if (w.code !== 'unknown_lemma') printLine(`warning: ${w.message}`);
  }
}
