import type { Command } from 'commander';
import { printJson, printLine, progress } from '../output.js';

interface CheckFlags {
  seeds: string;
  timeout?: string;
  memory?: string;
  reportDir?: string;
  jobs?: string;
  json?: boolean;
}

// `rpe check DIR`: the sandbox's checks with the generator as a local process, for fast iteration.
export function register(program: Command): void {
  program
    .command('check')
    .description(
      'check a Track 2 submission with the generator run as a local process (no isolation; `rpe sandbox run` isolates)',
    )
    .argument(
      '<dir>',
      'the submission folder (generate.py, generate.ts or generate.js at its root)',
    )
    .option('--seeds <list>', 'seeds to run, comma separated', '0,1,2')
    .option('--timeout <seconds>', 'wall-clock limit per run', '120')
    .option('--memory <size>', 'memory limit per run (e.g. 2g, 512m)', '2g')
    .option('--report-dir <dir>', 'write report.json and report.md there')
    .option('--jobs <n>', 'runs in flight at once (default: the number of cores)')
    .option('--json', 'print the report as JSON')
    .action(async (dir: string, flags: CheckFlags) => {
      const sandbox = await import('../../sandbox/index.js');
      const { RpeError } = await import('../../framework/index.js');
      const seeds = sandbox.parseSeeds(flags.seeds);
      const limits = sandbox.resolveLimits({
        timeoutSeconds: Number(flags.timeout),
        memoryBytes: sandbox.parseSize(flags.memory ?? '2g'),
      });
      const jobs = flags.jobs === undefined ? undefined : Number(flags.jobs);
      if (jobs !== undefined && (!Number.isInteger(jobs) || jobs < 1)) {
        throw new RpeError('bad_jobs', `--jobs must be a positive integer, got "${flags.jobs}"`);
      }
      process.stderr.write(
        'rpe check: the generator runs as a local process and is NOT isolated (network and files are open); use `rpe sandbox run` for the sandbox\n',
      );
      const bar = progress('running', { quiet: flags.json === true });
      const report = await sandbox.checkSubmission({
        dir,
        seeds,
        limits,
        ...(jobs === undefined ? {} : { jobs }),
        createExecutor: (entrypoint) =>
          sandbox.createLocalExecutor({ submissionDir: dir, entrypoint, limits }),
        onProgress: (e) => bar.tick(e.done, e.total, e.label),
      });
      bar.done();
      const written = flags.reportDir ? await sandbox.writeReport(flags.reportDir, report) : null;
      if (flags.json) printJson(report);
      else {
        for (const line of sandbox.summarizeReport(report)) printLine(line);
        if (written) printLine(`report\t${written.json}\t${written.markdown}`);
      }
      process.exitCode = report.verdict === 'eligible' ? 0 : 1;
    });
}
