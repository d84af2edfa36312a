import type { Command } from 'commander';
import type { ExecutorFactory, InstallSource, Limits } from '../../../sandbox/index.js';
import { addInstallOptions, executorFactory, parseJobs } from '../../check-command.js';
import { printJson, printLine, progress } from '../../output.js';
import { parseSha256, verifyLines } from './verify-lines.js';

interface VerifyFlags {
  installNetwork?: string;
  indexUrl?: string;
  npmRegistry?: string;
  dir?: string;
  local?: boolean;
  jobs?: string;
  expectSha256?: string;
  json?: boolean;
}

// `rpe sandbox verify RECEIPT`: re-derives a report's verdict and compares it with the receipt.
export function register(group: Command): void {
  const command = group
    .command('verify')
    .description(
      're-run every seed of a report.json on the tree it recorded, re-derive the verdict by the same check, and compare verdict, reasons, output hashes, kept sets and tree hash (exit 0 same, 1 different)',
    )
    .argument('<receipt>', 'a report.json, or the folder that holds one')
    .option(
      '--dir <dir>',
      'the submission folder (default: the path recorded in the receipt; a batch clone that is gone is cloned again)',
    )
    .option(
      '--local',
      'run as local processes, not isolated (default: the sandbox, whatever the receipt recorded)',
    )
    .option('--jobs <n>', 'runs in flight at once', '1')
    .option(
      '--expect-sha256 <hex>',
      'refuse the receipt unless its sha256 (its receipt_sha256, computed again) is this published one',
    )
    .option('--json', 'print the result as JSON');
  // The install step as the check's: the index the receipt recorded unless another is given.
  addInstallOptions(command).action(async (receipt: string, flags: VerifyFlags) => {
    const sandbox = await import('../../../sandbox/index.js');
    const jobs = (await parseJobs(flags.jobs)) ?? 1;
    const expectSha256 =
      flags.expectSha256 === undefined ? undefined : await parseSha256(flags.expectSha256);
    // Refused before the receipt is read, as every option is.
    sandbox.resolveInstallSource(flags);
    const installFor = (recorded: { installer: string; index: string | null } | null) =>
      sandbox.resolveInstallSource({
        ...flags,
        ...(flags.indexUrl === undefined && recorded?.installer === 'pip' && recorded.index
          ? { indexUrl: recorded.index }
          : {}),
        ...(flags.npmRegistry === undefined && recorded?.installer === 'npm' && recorded.index
          ? { npmRegistry: recorded.index }
          : {}),
      });
    // The auditor chooses the isolation: the receipt's executor is only reported. The sandbox's
    // code is loaded once the receipt has been read and there is something to run.
    const executorFor =
      (limits: Limits, install?: InstallSource): ExecutorFactory =>
      async (...args) => {
        const createDocker = flags.local ? null : await sandbox.loadDockerExecutor();
        return executorFactory(
          createDocker,
          limits,
          undefined,
          install ? { install } : {},
        )(...args);
      };
    const bar = progress('re-running', { quiet: flags.json === true });
    const result = await sandbox.verifyReceipt({
      receipt,
      ...(flags.dir === undefined ? {} : { dir: flags.dir }),
      ...(expectSha256 === undefined ? {} : { expectSha256 }),
      jobs,
      executorFor,
      installFor,
      onProgress: (e) => bar.tick(e.done, e.total, e.label),
    });
    bar.done();
    if (flags.json) printJson(result);
    else for (const line of verifyLines(result)) printLine(line);
    process.exitCode = result.same ? 0 : 1;
  });
}
