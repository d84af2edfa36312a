import type { Command } from 'commander';
import { printJson, printLine } from '../output.js';

interface BaselinesFlags {
  items: string;
  meta?: string;
  markdown?: string;
  lexicon?: string | false;
  failOnShortcuts?: boolean;
  json?: boolean;
}

// `rpe baselines`: runs trivial answerers and flags the items they get right.
export function register(program: Command): void {
  program
    .command('baselines')
    .description(
      'run shortcut answerers (copy the bracketed or quoted word, first/last word, most frequent form, most common gold, ...) and flag the items they answer correctly: those do not need Polish',
    )
    .requiredOption('--items <file>', 'items.jsonl')
    .option('--meta <file>', 'sidecar from rpe generate --meta: adds a per-family table')
    .option('--markdown <file>', 'also write the report as Markdown')
    .option(
      '--lexicon <file>',
      'morphology snapshot for lexicon-top-form (default: the bundled one)',
    )
    .option('--no-lexicon', 'skip lexicon-top-form')
    .option('--fail-on-shortcuts', 'exit 1 when any item is flagged')
    .option('--json', 'print the report as JSON')
    .action(async (flags: BaselinesFlags) => {
      const { readItemsFile } = await import('../../panel/items/index.js');
      const { readSmallFile } = await import('../../panel/query/index.js');
      const { runBaselines, renderBaselinesMarkdown, openLexiconIfPresent } =
        await import('../../panel/baselines/index.js');
      const { RpeError, checkWritablePath, readMeta, writeFileAtomic } =
        await import('../../framework/index.js');
      const items = readItemsFile(flags.items);
      if (flags.markdown) {
        const inputs = [flags.items, ...(flags.meta ? [flags.meta] : [])];
        checkWritablePath(flags.markdown, 'file', { inputs });
      }
      let families: string[] | undefined;
      if (flags.meta) {
        // One short line per item: 200 items fit in far less than this cap.
        const bytes = readSmallFile(flags.meta, 16 << 20, 'meta_unreadable');
        families = readMeta(bytes, flags.meta);
        if (families.length !== items.length) {
          throw new RpeError(
            'meta_mismatch',
            `${flags.meta}: ${families.length} lines, but ${flags.items} has ${items.length} items (one meta line per item)`,
          );
        }
      }
      const { lexicon, note } =
        flags.lexicon === false
          ? { lexicon: null, note: 'turned off with --no-lexicon' }
          : openLexiconIfPresent(flags.lexicon);
      let report;
      try {
        report = runBaselines({
          items,
          ...(families ? { families } : {}),
          lexicon,
          ...(note ? { lexiconNote: note } : {}),
        });
      } finally {
        lexicon?.close();
      }
      if (flags.markdown) {
        writeFileAtomic(flags.markdown, renderBaselinesMarkdown(report, items));
      }
      if (flags.json) printJson(report);
      else {
        printLine(`${report.n_flagged}/${report.n_items} items answered by a shortcut baseline`);
        for (const b of report.baselines) {
          printLine(
            `  ${b.name.padEnd(20)} ${String(b.correct).padStart(4)} correct of ${b.answered} answered`,
          );
        }
        if (report.lexicon.note) printLine(`  (lexicon-top-form skipped: ${report.lexicon.note})`);
        for (const f of report.families ?? []) {
          printLine(`  family ${f.family}: ${f.flagged}/${f.n_items} flagged`);
        }
        for (const f of report.flagged) printLine(`item ${f.item}: ${f.flagged_by.join(', ')}`);
      }
      if (flags.failOnShortcuts && report.n_flagged > 0) process.exitCode = 1;
    });
}
