import type { Command } from 'commander';
import { addLimitOptions, parseJobs, parseLimits } from '../../check-command.js';
import { printJson, printLine, progress } from '../../output.js';

interface BatchFlags {
  submissions: string;
  seedsFile: string;
  jobs: string;
  out: string;
  local?: boolean;
  timeout: string;
  memory: string;
  cpus: string;
  json?: boolean;
}

// `rpe sandbox batch`: the organisers' run over many submissions, resumable, with a summary.
export function register(group: Command): void {
  const command = group
    .command('batch')
    .description(
      'check many submissions (folders or git-url@commit-or-tag lines) with one seed list; resumable',
    )
    .requiredOption(
      '--submissions <path>',
      'a folder of submission folders, or a file with one folder or git-url@ref per line',
    )
    .requiredOption('--seeds-file <file>', 'the seeds, separated by commas, spaces or newlines')
    .option('--jobs <n>', 'submissions checked at once', '1')
    .option('--out <dir>', 'where reports, clones and summary.md/summary.csv go', 'rpe-batch')
    .option(
      '--local',
      'run generators as local processes (NOT isolated) instead of in the sandbox',
    );
  addLimitOptions(command, { cpus: true })
    .option('--json', 'print the summary rows as JSON')
    .action(async (flags: BatchFlags) => {
      const sandbox = await import('../../../sandbox/index.js');
      const jobs = (await parseJobs(flags.jobs)) ?? 1;
      const seeds = await sandbox.readSeedsFile(flags.seedsFile);
      const limits = await parseLimits(flags);
      if (flags.local) {
        process.stderr.write(
          'rpe sandbox batch --local: generators run as local processes and are NOT isolated\n',
        );
      }
      const createDocker = flags.local ? null : await sandbox.loadDockerExecutor();
      const bar = progress('submissions', { quiet: flags.json === true });
      const { rows, summary } = await sandbox.runBatch({
        submissions: flags.submissions,
        seeds,
        outDir: flags.out,
        limits,
        jobs,
        createExecutor: (submissionDir, entrypoint) =>
          createDocker
            ? createDocker({ submissionDir, entrypoint, limits, network: 'none' })
            : sandbox.createLocalExecutor({ submissionDir, entrypoint, limits }),
        onProgress: (e) => bar.tick(e.done, e.total, e.label),
      });
      bar.done();
      if (flags.json) printJson({ rows, summary });
      else {
        for (const r of rows) {
          const detail = r.verdict === 'error' ? (r.message ?? '') : r.reasons.join(',');
          printLine(`${r.name}\t${r.verdict}${r.resumed ? ' (resumed)' : ''}\t${detail}`);
        }
        printLine(`summary\t${summary.markdown}\t${summary.csv}`);
      }
      process.exitCode = rows.some((r) => r.verdict === 'error') ? 2 : 0;
    });
}
