import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { RpeError } from '../../../framework/errors.js';

// The first line of a decompiled dictionary is `lemma;form;tags`: an empty file or another kind
// of file is refused here, in one line, rather than built into a snapshot with no word in it.
function checkDictionaryStart(tsv: string): void {
  const head = Buffer.alloc(4096);
  const fd = openSync(tsv, 'r');
  let n: number;
  try {
    n = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const first = head.subarray(0, n).toString('utf8').split('\n')[0] ?? '';
  const fields = first.split(';');
  if (n === 0 || fields.length < 3 || fields.slice(0, 3).some((f) => f.trim() === '')) {
    throw new RpeError(
      'lexicon_source_invalid',
      n === 0
        ? `${tsv} is empty; give the decompiled Morfologik dictionary (lines lemma;form;tags)`
        : `${tsv} line 1: not a line of the decompiled Morfologik dictionary (lemma;form;tags)`,
    );
  }
}

// `rpe lexicon build`: rebuilds the snapshot from its sources with scripts/build-morphology.
export function register(lexicon: Command): void {
  lexicon
    .command('build')
    .description('rebuild the morphology snapshot from Morfologik and the frequency lists')
    .option('--out <file>', 'where to write it (default: data/morphology.sqlite)')
    .option(
      '--allow-version-change',
      'build even when a source version differs from data/SOURCES.md',
    )
    .option('--tsv <file>', 'use an already decompiled polish.tsv instead of downloading')
    .action(async (options: { out?: string; allowVersionChange?: boolean; tsv?: string }) => {
      const { checkWritablePath, fileKind, packagePath } =
        await import('../../../framework/index.js');
      // Checked here, in one line, before the build script starts (a pipe as --tsv would hang it).
      if (options.tsv) {
        const stats = statSync(options.tsv, { throwIfNoEntry: false });
        if (!stats?.isFile()) {
          const why = stats ? `it is ${fileKind(stats)}, not a regular file` : 'no such file';
          throw new RpeError('unreadable', `cannot read ${options.tsv}: ${why}`);
        }
        checkDictionaryStart(options.tsv);
      }
      if (options.out) checkWritablePath(options.out, 'file');
      const script = packagePath('scripts', 'build-morphology', 'index.ts');
      const tsx = packagePath('node_modules', 'tsx', 'package.json');
      if (!existsSync(script) || !existsSync(tsx)) {
        throw new RpeError(
          'lexicon_build_unavailable',
          'rpe lexicon build runs from a checkout with its dev dependencies (git clone, then npm ci)',
        );
      }
      const args = ['--import', 'tsx', script];
      if (options.out) args.push('--out', resolve(options.out));
      if (options.allowVersionChange) args.push('--allow-version-change');
      if (options.tsv) args.push('--tsv', resolve(options.tsv));
      const { execa } = await import('execa');
      // Paths are resolved here because the script runs from the package root. On a terminal
      // the script's stages and counter pass through as they come; elsewhere its stderr is kept,
      // and a failure is the one line it ends with, as rpe's own.
      const tty = process.stderr.isTTY === true;
      const result = await execa(process.execPath, args, {
        cwd: packagePath(),
        stdin: 'ignore',
        stdout: 'inherit',
        stderr: tty ? 'inherit' : 'pipe',
        reject: false,
        maxBuffer: 1024 * 1024,
      });
      if (result.exitCode === 0) return;
      if (!tty) {
        const last = String(result.stderr ?? '')
          .trim()
          .split('\n')
          .pop();
        // The source as it was named, not as resolved for the script.
        const named = options.tsv ? ([resolve(options.tsv), options.tsv] as const) : null;
        let message = (
          last || `the build stopped (exit ${result.exitCode ?? result.signal})`
        ).replace(/^build-morphology: /, '');
        if (named) message = message.replaceAll(named[0], named[1]);
        throw new RpeError('lexicon_build_failed', message, {
          exitCode: result.exitCode === 1 ? 1 : 2,
        });
      }
      process.exitCode = result.exitCode === 1 ? 1 : 2;
    });
}
