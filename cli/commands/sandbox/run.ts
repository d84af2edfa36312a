import type { Command } from 'commander';
import { printJson, printLine, progress } from '../../output.js';

interface RunFlags {
  seeds: string;
  timeout: string;
  memory: string;
  cpus: string;
  reportDir?: string;
  jobs?: string;
  json?: boolean;
}

// `rpe sandbox run DIR`: the organisers' check, each run in a network-less container with limits.
export function register(group: Command): void {
  group
    .command('run')
    .description(
      'check a Track 2 submission in the sandbox: exit 0 eligible, 1 disqualified, 2 the runner failed',
    )
    .argument('<dir>', 'the submission folder')
    .option('--seeds <list>', 'seeds to run, comma separated', '0,1,2')
    .option('--timeout <seconds>', 'wall-clock limit per run', '120')
    .option('--memory <size>', 'memory (and memory+swap) limit per run, e.g. 2g', '2g')
    .option('--cpus <n>', 'CPU quota per run, in cores', '1')
    .option('--report-dir <dir>', 'write report.json and report.md there')
    .option('--jobs <n>', 'runs in flight at once (default: the number of cores)')
    .option('--json', 'print the report as JSON')
    .action(async (dir: string, flags: RunFlags) => {
      const sandbox = await import('../../../sandbox/index.js');
      const { RpeError } = await import('../../../framework/index.js');
      const seeds = sandbox.parseSeeds(flags.seeds);
      const limits = sandbox.resolveLimits({
        timeoutSeconds: Number(flags.timeout),
        memoryBytes: sandbox.parseSize(flags.memory),
        cpus: Number(flags.cpus),
      });
      const jobs = flags.jobs === undefined ? undefined : Number(flags.jobs);
      if (jobs !== undefined && (!Number.isInteger(jobs) || jobs < 1)) {
        throw new RpeError('bad_jobs', `--jobs must be a positive integer, got "${flags.jobs}"`);
      }
      const createDockerExecutor = await sandbox.loadDockerExecutor();
      const bar = progress('running', { quiet: flags.json === true });
      const report = await sandbox.checkSubmission({
        dir,
        seeds,
        limits,
        ...(jobs === undefined ? {} : { jobs }),
        createExecutor: (entrypoint) =>
          createDockerExecutor({ submissionDir: dir, entrypoint, limits, network: 'none' }),
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
