import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Command } from 'commander';
import { blameSnapshot } from '../../describe-failure.js';
import { printJson, printLine } from '../../output.js';

// `sha256:<hex>` of one file, as `sha256sum FILE` gives it.
async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return `sha256:${hash.digest('hex')}`;
}

// `rpe lexicon info`: where the snapshot is, what it was built from, its counts and its hash.
export function register(lexicon: Command): void {
  lexicon
    .command('info')
    .description('print the snapshot source, its counts and the SHA-256 of the snapshot file')
    .option('--db <file>', 'snapshot to read (default: the bundled data/morphology.sqlite)')
    .option('--json', 'print one JSON document')
    .action(async (options: { db?: string; json?: boolean }) => {
      const { openLexicon, packagePath } = await import('../../../framework/index.js');
      const lexicon = openLexicon(options.db);
      try {
        const info = lexicon.info();
        // The file that was opened, not its folder: a --db beside other files hashes itself only.
        const sha256 = await sha256File(info.path);
        if (options.json) {
          printJson({ ...info, sha256 });
          return;
        }
        printLine(`path      ${info.path}`);
        printLine(`source    ${info.source}`);
        printLine(`lemmas    ${info.lemmas}`);
        printLine(`lexemes   ${info.lexemes}`);
        printLine(`forms     ${info.forms}`);
        printLine(`readings  ${info.readings}`);
        printLine(`sha256    ${sha256}`);
      } catch (error) {
        throw blameSnapshot(error, options.db ?? packagePath('data', 'morphology.sqlite'));
      } finally {
        lexicon.close();
      }
    });
}
