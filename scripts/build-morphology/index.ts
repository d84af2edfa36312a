// Builds the morphology snapshot: `tsx scripts/build-morphology/index.ts [--out FILE]
// [--allow-version-change] [--tsv polish.tsv [--hunspell-dic pl_PL.dic --hunspell-aff pl_PL.aff]]`. Prints progress on stderr, a summary on stdout.
import { parseArgs } from 'node:util';
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
    log: (line) => {
      counter.done();
      process.stderr.write(`build-morphology: ${line}\n`);
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
  process.stderr.write(
    `build-morphology: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 2;
}
