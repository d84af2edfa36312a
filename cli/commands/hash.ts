import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { printJson, printLine } from '../output.js';

interface HashFlags {
  check?: string;
  json?: boolean;
}

// The README of a repository, or null when it has none (that is "no hash declared", not a failure).
function readReadme(repo: string): string | null {
  try {
    return readFileSync(join(repo, 'README.md'), 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
}

// `rpe hash DIR` and `rpe hash --check REPO`: the data content hash Track 2 READMEs declare.
export function register(program: Command): void {
  program
    .command('hash')
    .description(
      'print the content hash of a data folder (sha256:<hex>), or with --check compare REPO/data with the hash REPO/README.md declares',
    )
    .argument('[dir]', 'the data folder to hash')
    .option(
      '--check <repo>',
      'compare REPO/data with the sha256: in REPO/README.md (exit 1 on mismatch)',
    )
    .option('--json', 'print {dir, hash} or {declared, actual, ok} as JSON')
    .action(async (dir: string | undefined, flags: HashFlags) => {
      const { RpeError, findDeclaredDataHash, hashDataDir } =
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
      let readme: string | null;
      try {
        readme = readReadme(repo);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new RpeError('unreadable', `cannot read ${join(repo, 'README.md')}: ${reason}`, {
          exitCode: 2,
          cause: error,
        });
      }
      const declared = readme === null ? null : findDeclaredDataHash(readme);
      const actual = hashDataDir(join(repo, 'data'));
      const ok = declared === actual;
      if (flags.json) printJson({ declared, actual, ok });
      else {
        printLine(`declared\t${declared ?? '-'}`);
        printLine(`actual\t${actual}`);
        printLine(`ok\t${ok ? 1 : 0}`);
      }
      if (!ok) {
        process.stderr.write(
          readme === null
            ? `rpe: ${repo} has no README.md to declare the data hash; add "${actual}" to one\n`
            : declared === null
              ? `rpe: ${join(repo, 'README.md')} declares no sha256:<64 hex> data hash; add "${actual}"\n`
              : `rpe: data hash mismatch: README.md declares ${declared} but ${join(repo, 'data')} hashes to ${actual}\n`,
        );
        process.exitCode = 1;
      }
    });
}
