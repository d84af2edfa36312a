import { existsSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { printJson, printLine } from '../output.js';

interface HashFlags {
  check?: string;
  json?: boolean;
}

// `rpe hash DIR` and `rpe hash --check REPO`: the data content hash Track 2 READMEs declare.
export function register(program: Command): void {
  program
    .command('hash')
    .description(
      'print the content hash of a data folder (sha256:<hex>), or with --check check the hash REPO/README.md declares for REPO/data',
    )
    .argument('[dir]', 'the data folder to hash')
    .option(
      '--check <repo>',
      'check that REPO/README.md declares the hash of REPO/data by a recognised recipe (exit 1 if not)',
    )
    .option(
      '--json',
      'print {dir, hash}, or with --check {declared, actual, ok, recipe, source, files, code, message}',
    )
    .action(async (dir: string | undefined, flags: HashFlags) => {
      const { RpeError, checkDeclaredDataHash, hashDataDir } =
        await import('../../framework/index.js');
      if ((dir === undefined) === (flags.check === undefined)) {
        throw new RpeError('usage', 'give either a folder to hash or --check REPO', {
          exitCode: 2,
        });
      }
      if (flags.check === undefined) {
        const hash = hashDataDir(dir ?? '');
        if (flags.json) printJson({ dir, hash });
        else printLine(hash);
        return;
      }
      const repo = flags.check;
      if (!existsSync(repo))
        throw new RpeError('unreadable', `${repo} does not exist`, { exitCode: 2 });
      // A file given as REPO has no data/ and no README: "ok" would be a false pass.
      if (!statSync(repo).isDirectory())
        throw new RpeError('unreadable', `${repo} is not a folder (give the repository)`, {
          exitCode: 2,
        });
      // The same function the submission check uses, so the two cannot disagree.
      const checked = checkDeclaredDataHash(repo);
      const { declared, actual, ok, recipe, source, files, code, message } = checked;
      if (flags.json) printJson({ declared, actual, ok, recipe, source, files, code, message });
      else {
        printLine(`declared\t${declared ?? '-'}${source ? `\t(${source})` : ''}`);
        printLine(`actual\t${actual ?? '- (no data/ folder)'}`);
        if (recipe) printLine(`recipe\t${recipe}${files.length > 0 ? `\t${files.join(' ')}` : ''}`);
        printLine(`ok\t${ok ? 1 : 0}`);
      }
      if (!ok) {
        process.stderr.write(`rpe: ${message ?? code}\n`);
        process.exitCode = 1;
      }
    });
}
