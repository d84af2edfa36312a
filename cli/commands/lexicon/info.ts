import { dirname } from 'node:path';
import type { Command } from 'commander';
import { printJson, printLine } from '../../output.js';

// `rpe lexicon info`: where the snapshot is, what it was built from, its counts and data hash.
export function register(lexicon: Command): void {
  lexicon
    .command('info')
    .description('print the snapshot source, its counts and the hash of its data folder')
    .option('--db <file>', 'snapshot to read (default: the bundled data/morphology.sqlite)')
    .option('--json', 'print one JSON document')
    .action(async (options: { db?: string; json?: boolean }) => {
      const { openLexicon, hashDataDir } = await import('../../../framework/index.js');
      const lexicon = openLexicon(options.db);
      try {
        const info = lexicon.info();
        const hash = hashDataDir(dirname(info.path));
        if (options.json) {
          printJson({ ...info, hash });
          return;
        }
        printLine(`path      ${info.path}`);
        printLine(`source    ${info.source}`);
        printLine(`lemmas    ${info.lemmas}`);
        printLine(`lexemes   ${info.lexemes}`);
        printLine(`forms     ${info.forms}`);
        printLine(`readings  ${info.readings}`);
        printLine(`data hash ${hash} (of ${dirname(info.path)})`);
      } finally {
        lexicon.close();
      }
    });
}
