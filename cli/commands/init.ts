import type { Command } from 'commander';
import { RpeError } from '../../framework/errors.js';
import { checkWritablePath } from '../../framework/check-writable-path.js';
import { printJson, printLine } from '../output.js';

interface InitFlags {
  lang: string;
  force?: boolean;
  name?: string;
  json?: boolean;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Runs `work` with Ctrl-C (and `kill`) turned into an abort: the work removes what it started,
 * then the process ends by the same signal, so the shell sees an interruption (status 130).
 */
async function abortOnSignal<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    received = signal;
    controller.abort(new RpeError('interrupted', 'interrupted; nothing was created'));
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  try {
    return await work(controller.signal);
  } finally {
    for (const s of SIGNALS) process.off(s, onSignal);
    if (received) {
      process.stderr.write('rpe: init interrupted; nothing was created\n');
      process.kill(process.pid, received);
    }
  }
}

// `rpe init DIR --lang ts|py`: a complete Track 2 repository that passes the checks as generated.
export function register(program: Command): void {
  program
    .command('init')
    .description(
      'create a Track 2 generator repository (Python or TypeScript) with the morphology snapshot',
    )
    .argument('<dir>', 'the folder to create (must be empty or absent)')
    .requiredOption('--lang <lang>', 'py (generate.py, standard library only) or ts (generate.ts)')
    .option(
      '--name <name>',
      'repository name for README, LICENSE and package.json (default: the folder name)',
    )
    .option('--force', 'write into a non-empty folder, replacing files of the same name')
    .option('--json', 'print the result as one JSON document')
    .action(async (dir: string, flags: InitFlags) => {
      if (flags.lang !== 'ts' && flags.lang !== 'py') {
        throw new RpeError('usage', `--lang must be "py" or "ts", got "${flags.lang}"`);
      }
      const lang = flags.lang;
      // The name goes into README, LICENSE and package.json as one line of text.
      if (flags.name !== undefined && (flags.name.trim() === '' || /\p{Cc}/u.test(flags.name))) {
        throw new RpeError(
          'usage',
          `--name must be one line of text, got ${JSON.stringify(flags.name)}`,
        );
      }
      checkWritablePath(dir, 'folder');
      const { scaffoldRepository } = await import('../../framework/generator/index.js');
      const result = await abortOnSignal((signal) =>
        scaffoldRepository({
          dir,
          lang,
          signal,
          ...(flags.force ? { force: true } : {}),
          ...(flags.name ? { name: flags.name } : {}),
        }),
      );
      if (flags.json) return printJson(result);
      printLine(
        // The folder as it was named: the JSON document carries the absolute path.
        `created ${dir} (${lang === 'py' ? 'Python' : 'TypeScript'}), ${result.files.length} files`,
      );
      printLine(`data hash: ${result.dataHash}`);
      printLine(`git: ${result.git.message}`);
      printLine('next:');
      printLine(`  cd ${dir}`);
      if (lang === 'py') printLine('  python3 generate.py --seed 1 --out items.jsonl');
      else {
        printLine('  npm install && npm run generate -- --seed 1 --out items.jsonl');
        printLine(
          "  npm run bundle && python3 generate.py --seed 1 --out items.jsonl   # the task's command",
        );
      }
      printLine('  replace the placeholder family with your own, fill in PROVENANCE.md, commit,');
      printLine('  then `rpe check .` until it says eligible (the README says how to submit)');
    });
}
