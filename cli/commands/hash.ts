import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { printJson, printLine } from '../output.js';

interface HashFlags {
  check?: string;
  json?: boolean;
}

// The README names a Track 2 repository may use, in the order the sandbox runner looks for them.
const READMES = ['README.md', 'README', 'README.txt', 'README.rst', 'readme.md'];

// The first README of a repository, or null when it has none (that is "no hash declared").
function readReadme(repo: string): { path: string; text: string } | null {
  for (const name of READMES) {
    const path = join(repo, name);
    if (!existsSync(path) || !lstatSync(path).isFile()) continue;
    return { path, text: readFileSync(path, 'utf8') };
  }
  return null;
}

function mismatch(
  repo: string,
  readme: string | null,
  declared: string | null,
  actual: string | null,
): string {
  if (actual === null) return `${readme} declares ${declared} but ${repo} has no data/ folder`;
  if (readme === null)
    return `${repo} has no README to declare the data hash; add "${actual}" to one`;
  if (declared === null) return `${readme} declares no sha256:<64 hex> data hash; add "${actual}"`;
  return `data hash mismatch: ${readme} declares ${declared} but ${join(repo, 'data')} hashes to ${actual}`;
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
      if (!existsSync(repo))
        throw new RpeError('unreadable', `${repo} does not exist`, { exitCode: 2 });
      let readme: { path: string; text: string } | null;
      try {
        readme = readReadme(repo);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new RpeError('unreadable', `cannot read the README of ${repo}: ${reason}`, {
          exitCode: 2,
          cause: error,
        });
      }
      const declared = readme === null ? null : findDeclaredDataHash(readme.text);
      // Without data/ there is nothing to hash: fine when nothing is declared either.
      const hasData = existsSync(join(repo, 'data'));
      const actual = hasData ? hashDataDir(join(repo, 'data')) : null;
      const ok = declared === actual;
      if (flags.json) printJson({ declared, actual, ok });
      else {
        printLine(`declared\t${declared ?? '-'}`);
        printLine(`actual\t${actual ?? '- (no data/ folder)'}`);
        printLine(`ok\t${ok ? 1 : 0}`);
      }
      if (!ok) {
        process.stderr.write(`rpe: ${mismatch(repo, readme?.path ?? null, declared, actual)}\n`);
        process.exitCode = 1;
      }
    });
}
