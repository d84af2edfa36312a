import type { Command } from 'commander';
import { blameSnapshot } from '../../describe-failure.js';
import { printJson, printLine } from '../../output.js';
import { formJson, markColumn, markForms } from './mark-forms.js';

// `rpe lexicon forms LEMMA QUERY`: every form of a lemma matching a tag query, canonical first,
// each marked with what answer() does with it in its own cell.
export function register(lexicon: Command): void {
  lexicon
    .command('forms')
    .description(
      'print the forms of LEMMA whose tag has every value of QUERY (e.g. subst:pl:gen), each marked as answer() takes it in its cell: gold, alias of the gold, or excluded with the reason',
    )
    .argument('<lemma>', 'lemma as in the dictionary (kot, być, dwa, się)')
    .argument('<query>', 'tag values joined by ":" in any order (subst:pl:gen, praet:sg:f)')
    .option('--db <file>', 'snapshot to read (default: the bundled data/morphology.sqlite)')
    .option('--json', 'print one JSON document')
    .action(async (lemma: string, query: string, options: { db?: string; json?: boolean }) => {
      const { openLexicon, packagePath } = await import('../../../framework/index.js');
      const lexicon = openLexicon(options.db);
      try {
        const forms = markForms(lexicon, lexicon.forms(lemma, query));
        if (options.json) printJson({ lemma, query, forms: forms.map(formJson) });
        else for (const m of forms) printLine(`${m.form}\t${m.tag}\t${markColumn(m)}`);
      } catch (error) {
        throw blameSnapshot(error, options.db ?? packagePath('data', 'morphology.sqlite'));
      } finally {
        lexicon.close();
      }
    });
}
