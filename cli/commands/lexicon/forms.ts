import type { Command } from 'commander';
import { blameSnapshot } from '../../describe-failure.js';
import { printJson, printLine } from '../../output.js';

// `rpe lexicon forms LEMMA QUERY`: every form of a lemma matching a tag query, canonical first.
export function register(lexicon: Command): void {
  lexicon
    .command('forms')
    .description('print the forms of LEMMA whose tag has every value of QUERY (e.g. subst:pl:gen)')
    .argument('<lemma>', 'lemma as in the dictionary (kot, być, dwa, się)')
    .argument('<query>', 'tag values joined by ":" in any order (subst:pl:gen, praet:sg:f)')
    .option('--db <file>', 'snapshot to read (default: the bundled data/morphology.sqlite)')
    .option('--json', 'print one JSON document')
    .action(async (lemma: string, query: string, options: { db?: string; json?: boolean }) => {
      const { openLexicon, packagePath } = await import('../../../framework/index.js');
      const lexicon = openLexicon(options.db);
      try {
        const forms = lexicon.forms(lemma, query).map(({ form, tag }) => ({ form, tag }));
        if (options.json) printJson({ lemma, query, forms });
        else for (const { form, tag } of forms) printLine(`${form}\t${tag}`);
      } catch (error) {
        throw blameSnapshot(error, options.db ?? packagePath('data', 'morphology.sqlite'));
      } finally {
        lexicon.close();
      }
    });
}
