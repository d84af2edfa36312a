import type { Command } from 'commander';
import { blameSnapshot } from '../../describe-failure.js';
import { printJson, printLine } from '../../output.js';
import { analysisJson, markColumn, markForms } from './mark-forms.js';

// `rpe lexicon analyse FORM`: every (lemma, tag) reading of a word form, each marked with what
// answer() does with the form in that cell.
export function register(lexicon: Command): void {
  lexicon
    .command('analyse')
    .description(
      'print every reading (lemma and tag) of FORM, each marked as answer() takes the form in that cell: gold, alias of the gold, or excluded with the reason',
    )
    .argument('<form>', 'word form, case-sensitive (psy, Anny)')
    .option('--db <file>', 'snapshot to read (default: the bundled data/morphology.sqlite)')
    .option('--json', 'print one JSON document')
    .action(async (form: string, options: { db?: string; json?: boolean }) => {
      const { openLexicon, packagePath } = await import('../../../framework/index.js');
      const lexicon = openLexicon(options.db);
      try {
        const analyses = markForms(lexicon, lexicon.analyse(form));
        if (options.json) printJson({ form, analyses: analyses.map(analysisJson) });
        else for (const m of analyses) printLine(`${m.lemma}\t${m.tag}\t${markColumn(m)}`);
      } catch (error) {
        throw blameSnapshot(error, options.db ?? packagePath('data', 'morphology.sqlite'));
      } finally {
        lexicon.close();
      }
    });
}
