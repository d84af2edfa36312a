import { type Command, InvalidArgumentError } from 'commander';
import { printJson, printLine } from '../../output.js';

interface AnswerFlags {
  allow?: string[];
  db?: string;
  json?: boolean;
}

// --allow: repeatable, each value one form or forms joined by ",".
function collectForms(value: string, previous: string[] | undefined): string[] {
  const forms = value.split(',').map((f) => f.trim());
  if (forms.some((f) => f === '')) {
    throw new InvalidArgumentError(`"${value}" has an empty form; give forms joined by ","`);
  }
  return [...(previous ?? []), ...forms];
}

// `rpe lexicon answer LEMMA QUERY`: exactly what ctx.answer() gives, gold and aliases first.
export function register(lexicon: Command): void {
  lexicon
    .command('answer')
    .description(
      'print the gold ctx.answer() gives for LEMMA and QUERY: the standard form of the cell, its equally standard variants, and every other matching form with the reason it is left out',
    )
    .argument('<lemma>', 'lemma as in the dictionary (kot, upaść, koszula)')
    .argument('<query>', 'tag values joined by ":" in any order (subst:pl:gen, praet:sg:f)')
    .option(
      '--allow <forms>',
      'take these excluded forms back as aliases, as answer()\'s allow option does (repeat it or join forms with ","); a form that is not excluded is an error',
      collectForms,
    )
    .option('--db <file>', 'snapshot to read (default: the bundled data/morphology.sqlite)')
    .option('--json', 'print one JSON document')
    .action(async (lemma: string, query: string, options: AnswerFlags) => {
      const { LexiconError, isRpeError, openLexicon } = await import('../../../framework/index.js');
      const lexicon = openLexicon(options.db);
      try {
        let answer;
        try {
          answer =
            options.allow === undefined
              ? lexicon.answer(lemma, query)
              : lexicon.answer(lemma, query, { allow: options.allow });
        } catch (error) {
          // A miss (or an --allow form that is not excluded) is an answer too: with --json, say so
          // on stdout as well as on stderr.
          const miss =
            error instanceof LexiconError ||
            (isRpeError(error) && error.code === 'lexicon_bad_override');
          if (options.json && miss) {
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
