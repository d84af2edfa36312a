import type { Command } from 'commander';
import { printJson, printLine } from '../../output.js';

// `rpe lexicon answer LEMMA QUERY`: exactly what ctx.answer() gives, gold and aliases first.
export function register(lexicon: Command): void {
  lexicon
    .command('answer')
    .description(
      'print the gold ctx.answer() gives for LEMMA and QUERY: the standard form of the cell, its equally standard variants, and every other matching form with the reason it is left out',
    )
    .argument('<lemma>', 'lemma as in the dictionary (kot, upaść, koszula)')
    .argument('<query>', 'tag values joined by ":" in any order (subst:pl:gen, praet:sg:f)')
    .option('--db <file>', 'snapshot to read (default: the bundled data/morphology.sqlite)')
    .option('--json', 'print one JSON document')
    .action(async (lemma: string, query: string, options: { db?: string; json?: boolean }) => {
      const { LexiconError, openLexicon } = await import('../../../framework/index.js');
      const lexicon = openLexicon(options.db);
      try {
        let answer;
        try {
          answer = lexicon.answer(lemma, query);
        } catch (error) {
          // A miss is an answer too: with --json, say so on stdout as well as on stderr.
          if (options.json && error instanceof LexiconError) {
            printJson({
              lemma,
              query,
              error: { code: error.code, message: error.message, exit_code: error.exitCode },
            });
          }
          throw error;
        }
        if (options.json) {
          printJson(answer);
          return;
        }
        const { lexeme } = answer;
        const marks = [lexeme.pos, lexeme.gender, lexeme.aspect, lexeme.reflexivity];
        printLine(`gold\t${answer.gold}`);
        for (const alias of answer.aliases) printLine(`alias\t${alias}`);
        printLine(`tag\t${answer.tag}`);
        printLine(
          `lexeme\t${lexeme.lemma} ${marks.filter((m) => m !== null).join(' ')} (id ${lexeme.id}, sense ${lexeme.sense})`,
        );
        for (const { form, why } of answer.excluded) printLine(`excluded\t${form}\t${why}`);
      } finally {
        lexicon.close();
      }
    });
}
