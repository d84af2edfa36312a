import type { Command } from 'commander';
import { addInstallOptions, executorFactory, parseJobs } from '../../check-command.js';
import { printJson, printLine } from '../../output.js';

interface VerifyFlags {
  installNetwork?: string;
  indexUrl?: string;
  npmRegistry?: string;
  dir?: string;
  local?: boolean;
  jobs?: string;
  json?: boolean;
}

// `rpe sandbox verify RECEIPT`: re-runs a report's seeds and confirms the same output bytes.
export function register(group: Command): void {
  const command = group
    .command('verify')
    .description(
      're-run the seeds of a report.json on the tree it recorded and confirm the same output hashes and kept sets (exit 0 same, 1 different)',
    )
    .argument('<receipt>', 'a report.json, or the folder that holds one')
    .option(
      '--dir <dir>',
      'the submission folder (default: the path recorded in the receipt; a batch clone that is gone is cloned again)',
    )
    .option('--local', 'run as local processes even if the receipt was made in the sandbox')
    .option('--jobs <n>', 'runs in flight at once', '1')
    .option('--json', 'print the result as JSON');
  // The install step as the check's: the index the receipt recorded unless another is given.
  addInstallOptions(command).action(async (receipt: string, flags: VerifyFlags) => {
    const sandbox = await import('../../../sandbox/index.js');
    const jobs = (await parseJobs(flags.jobs)) ?? 1;
    // Refused before the receipt is read, as every option is.
    sandbox.resolveInstallSource(flags);
    const { report } = await sandbox.readReceipt(receipt);
    const local = flags.local === true || report.executor.kind === 'local';
    const limits = sandbox.receiptLimits(report);
    const createDocker = local ? null : await sandbox.loadDockerExecutor();
    const recorded = report.install;
    const install = sandbox.resolveInstallSource({
      ...flags,
      ...(flags.indexUrl === undefined && recorded?.installer === 'pip' && recorded.index
        ? { indexUrl: recorded.index }
        : {}),
      ...(flags.npmRegistry === undefined && recorded?.installer === 'npm' && recorded.index
        ? { npmRegistry: recorded.index }
        : {}),
    });
    const result = await sandbox.verifyReceipt({
      receipt,
      ...(flags.dir === undefined ? {} : { dir: flags.dir }),
      jobs,
      createExecutor: executorFactory(createDocker, limits, undefined, { install }),
    });
    if (flags.json) printJson(result);
    else {
      const t = result.tree_hash;
      if (result.schema !== 'rpe-report/2')
        printLine(`receipt\t${result.schema}, read as rpe-report/2`);
      if (result.commit)
        printLine(
          `commit\t${result.commit}${result.from === 'clone' ? '\t(cloned again: the folder is gone)' : ''}`,
        );
      printLine(
        `tree hash\t${t.same ? 'same' : 'DIFFERENT'}\t${t.actual}${t.same ? '' : ` (receipt: ${t.expected})`}`,
      );
      for (const s of result.seeds) {
        const shown = s.actual ? `sha256:${s.actual}` : s.status;
        const kept =
          s.kept === null
            ? ''
            : s.kept === 'different' && s.difference
              ? `\tkept set DIFFERENT at line ${s.difference.line}`
              : `\tkept set ${s.kept === 'same' ? 'same' : s.kept.toUpperCase()}`;
        printLine(`seed ${s.seed}\t${s.same ? 'same' : 'DIFFERENT'}\t${shown}${kept}`);
      }
      if (result.skipped.length > 0) {
        printLine(`not re-run\t${result.skipped.join(', ')} (no output hash in the receipt)`);
      }
      printLine(result.same ? 'same' : 'different');
    }
    process.exitCode = result.same ? 0 : 1;
  });
}
