// Builds the morphology snapshot: `tsx scripts/build-morphology/index.ts [--out FILE]
// [--allow-version-change] [--tsv polish.tsv [--hunspell-dic pl_PL.dic --hunspell-aff pl_PL.aff]]`. Prints progress on stderr, a summary on stdout.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { isRpeError } from '../../framework/errors.js';
import { packagePath } from '../../framework/package-root.js';
import { progress } from '../../cli/output.js';
import { buildMorphology } from './build-morphology.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: packagePath('data', 'morphology.sqlite') },
    'allow-version-change': { type: 'boolean', default: false },
    tsv: { type: 'string' },
    'hunspell-dic': { type: 'string' },
    'hunspell-aff': { type: 'string' },
  },
});

const started = Date.now();
// A live line counter on a terminal; silent when stderr is a file or a pipe.
const counter = progress('build-morphology:');
try {
  const result = await buildMorphology({
    out: values.out,
    sourcesMd: packagePath('data', 'SOURCES.md'),
    allowVersionChange: values['allow-version-change'],
    tsv: values.tsv,
    hunspell:
      values['hunspell-dic'] && values['hunspell-aff']
        ? { dic: values['hunspell-dic'], aff: values['hunspell-aff'] }
        : undefined,
    // The stages are progress: shown on a terminal, like the counter; a file or a pipe gets
    // only the outcome (the summary on stdout, or one line naming the fault).
    log: (line) => {
      counter.done();
      if (process.stderr.isTTY) process.stderr.write(`build-morphology: ${line}\n`);
    },
    onLines: (stage, lines) => counter.tick(lines, undefined, `lines read (${stage})`),
  });
  counter.done();
  process.stdout.write(
    `${result.out}: ${result.lemmas} lemmas, ${result.lexemes} lexemes, ${result.forms} forms, ` +
      `${result.readings} readings, ${result.tags} tags (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
} catch (error) {
  counter.done();
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`build-morphology: ${await whereInSource(error, message)}\n`);
  process.exitCode = 2;
}

// A tag outside the tagset is found once the rows are read, without their line numbers: the
// message names the first line of --tsv that has it, so the fault can be found in the file.
async function whereInSource(error: unknown, message: string): Promise<string> {
  const tag = /^tag "(.*)": /.exec(message)?.[1];
  if (!values.tsv || !isRpeError(error) || error.code !== 'lexicon_bad_tag' || tag === undefined)
    return message;
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(values.tsv, 'utf8') })) {
    line++;
    if ((text.split(';')[2] ?? '').split('+').includes(tag))
      return `${values.tsv} line ${line}: ${message}`;
  }
  return message;
}
