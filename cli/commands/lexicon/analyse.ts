import type { Command } from 'commander';
import { blameSnapshot } from '../../describe-failure.js';
import { printJson, printLine } from '../../output.js';

// `rpe lexicon analyse FORM`: every (lemma, tag) reading of a word form.
export function register(lexicon: Command): void {
  lexicon
    .command('analyse')
    .description('print every reading (lemma and tag) of FORM')
    .argument('<form>', 'word form, case-sensitive (psy, Anny)')
    .option('--db <file>', 'snapshot to read (default: the bundled data/morphology.sqlite)')
    .option('--json', 'print one JSON document')
    .action(async (form: string, options: { db?: string; json?: boolean }) => {
      const { openLexicon, packagePath } = await import('../../../framework/index.js');
      const lexicon = openLexicon(options.db);
      try {
        const analyses = lexicon.analyse(form).map((r) => ({ lemma: r.lexeme.lemma, tag: r.tag }));
        if (options.json) printJson({ form, analyses });
        else for (const { lemma, tag } of analyses) printLine(`${lemma}\t${tag}`);
      } catch (error) {
        throw blameSnapshot(error, options.db ?? packagePath('data', 'morphology.sqlite'));
      } finally {
        lexicon.close();
      }
    });
}
