import type { Command } from 'commander';
import type {
  CheckSubmissionOptions,
  CreateDockerExecutor,
  InstallSource,
  Limits,
} from '../sandbox/index.js';
import { parseJobs as parseJobsOption } from './number-options.js';
import { printJson, printLine, progress } from './output.js';

/** Flags shared by `rpe check` and `rpe sandbox run` (and the limit flags of batch). */
export interface CheckFlags {
  seeds: string;
  timeout: string;
  memory: string;
  cpus?: string;
  reportDir?: string;
  ref?: string;
  jobs?: string;
  json?: boolean;
  installNetwork?: string;
  indexUrl?: string;
  npmRegistry?: string;
  runner?: string;
}

/** How the executors of a check are made beyond their limits. */
export interface ExecutorExtras {
  install?: InstallSource;
  runner?: 'auto' | 'python';
}

// Adds the install step's options: the network it may use, and the index and registry.
export function addInstallOptions(command: Command): Command {
  return command
    .option(
      '--install-network <name>',
      "the engine network of the install step when the tree pins packages it does not hold (bridge, host, a network of the engine's); none installs from vendor/ only. The runs never have a network",
      'bridge',
    )
    .option(
      '--index-url <url>',
      "pip's index for the install step (default: PIP_INDEX_URL, else PyPI)",
    )
    .option(
      '--npm-registry <url>',
      "npm's registry for the install step (default: npm_config_registry, else npm's)",
    );
}

// Adds the per-run limit options; --cpus only where the executor can enforce a CPU quota.
export function addLimitOptions(command: Command, options: { cpus: boolean }): Command {
  command
    .option('--timeout <seconds>', 'wall-clock limit per run', '120')
    .option('--memory <size>', 'memory (and memory+swap) limit per run, e.g. 2g or 512m', '2g');
  if (options.cpus) command.option('--cpus <n>', 'CPU quota per run, in cores', '1');
  return command;
}

// Adds every option of a check: seeds, limits, report folder, parallel runs, JSON.
export function addCheckOptions(command: Command, options: { cpus: boolean }): Command {
  command.option('--seeds <list>', 'seeds to run, comma separated', '0,1,2');
  addLimitOptions(command, options);
  addInstallOptions(command);
  return command
    .option(
      '--ref <ref>',
      'in a git repository, the commit, tag or branch to check (default: HEAD, the last commit)',
    )
    .option(
      '--report-dir <dir>',
      "write report.json, report.md and every seed's set (seed-N.jsonl) there",
    )
    .option('--jobs <n>', 'runs in flight at once (default: the number of cores)')
    .option('--json', 'print the report as JSON');
}

// Parses --runner: auto (the image the entrypoint needs) or python (the Python-only image).
export async function parseRunner(text: string | undefined): Promise<'auto' | 'python'> {
  if (text === undefined || text === 'auto' || text === 'python') return text ?? 'auto';
  const { RpeError } = await import('../framework/index.js');
  throw new RpeError('bad_runner', `--runner must be auto or python, got "${text}"`);
}

// Parses --jobs with the shared parser (digits only, 1 to MAX_JOBS); undefined when not given.
export async function parseJobs(text: string | undefined): Promise<number | undefined> {
  return Promise.resolve(parseJobsOption(text));
}

/** The largest --memory a run may ask for: 1 TiB, far above any machine here. */
const MAX_MEMORY_BYTES = 1024 ** 4;
/** The largest --cpus a run may ask for, as --jobs: far above any machine here. */
const MAX_CPUS = 256;

// The limits the limit options ask for: digits only and ranges checked by the shared parsers,
// then the sandbox's own rules.
export async function parseLimits(
  flags: Pick<CheckFlags, 'timeout' | 'memory' | 'cpus'>,
): Promise<Limits> {
  const sandbox = await import('../sandbox/index.js');
  const { parseByteSize, parseDecimalNumber } = await import('../framework/parse-number.js');
  const cpus =
    flags.cpus === undefined
      ? undefined
      : parseDecimalNumber(flags.cpus, {
          option: '--cpus',
          above: 0,
          max: MAX_CPUS,
          code: 'bad_limit',
        });
  return sandbox.resolveLimits({
    timeoutSeconds: sandbox.parseTimeout(flags.timeout),
    memoryBytes: parseByteSize(flags.memory, {
      option: '--memory',
      min: 1024 ** 2,
      max: MAX_MEMORY_BYTES,
      code: 'bad_size',
    }),
    ...(cpus === undefined ? {} : { cpus }),
  });
}

// How a check's executor is made: in Docker on DOCKER_HOST's engine, reached only once there
// is something to run, or as local processes when `createDocker` is null (`onLocal` is called
// once the local executor is ready, so an environment that fails before stays one line).
export function executorFactory(
  createDocker: CreateDockerExecutor | null,
  limits: Limits,
  onLocal?: () => void,
  extras: ExecutorExtras = {},
): CheckSubmissionOptions['createExecutor'] {
  return async (entrypoint, submissionDir, tree) => {
    const sandbox = await import('../sandbox/index.js');
    if (!createDocker) {
      const executor = await sandbox.createLocalExecutor({
        submissionDir,
        entrypoint,
        limits,
        install: tree?.temporary === true,
        ...(extras.install ? { installSource: extras.install } : {}),
      });
      onLocal?.();
      return executor;
    }
    const engine = await sandbox.connectEngine(sandbox.readEngineConfig());
    return createDocker({
      engine,
      submissionDir,
      entrypoint,
      limits,
      network: 'none',
      ...(extras.install ? { install: extras.install } : {}),
      ...(extras.runner ? { runner: extras.runner } : {}),
    });
  };
}

// The loud line for a working copy that differs from the commit checked: it is not what runs.
function uncommittedLine(tree: {
  commit: string | null;
  ref: string | null;
  uncommitted: string[];
  uncommittedTotal: number;
}): string {
  const more = tree.uncommittedTotal > tree.uncommitted.length ? ', ...' : '';
  return (
    `rpe: WARNING: ${tree.uncommittedTotal} uncommitted change(s) are NOT checked (${tree.uncommitted.join(', ')}${more}); ` +
    `checking commit ${tree.commit?.slice(0, 12)} (${tree.ref}), what the organisers receive: commit them first\n`
  );
}

// Runs the checks of one submission, locally or in the sandbox, prints the verdict, sets the exit code.
export async function runCheckCommand(
  dir: string,
  flags: CheckFlags,
  mode: 'local' | 'docker',
): Promise<void> {
  const sandbox = await import('../sandbox/index.js');
  const seeds = sandbox.parseSeeds(flags.seeds);
  const limits = await parseLimits(flags);
  const jobs = await parseJobs(flags.jobs);
  const install = sandbox.resolveInstallSource(flags);
  const runner = await parseRunner(flags.runner);
  const createDocker = mode === 'docker' ? await sandbox.loadDockerExecutor() : null;
  await sandbox.assertSubmissionFolder(dir);
  // Before any run, so an unusable report folder costs nothing and old sets do not linger.
  if (flags.reportDir) await sandbox.clearReportDir(flags.reportDir);
  const bar = progress('running', { quiet: flags.json === true });
  const report = await sandbox.checkSubmission({
    dir,
    seeds,
    limits,
    ...(jobs === undefined ? {} : { jobs }),
    ...(flags.ref === undefined ? {} : { ref: flags.ref }),
    ...(flags.reportDir ? { setsDir: flags.reportDir } : {}),
    install,
    // Said once the tree to check is ready, so a usage error (a bad --ref) stays one line.
    onTree: (tree) => {
      if (tree.uncommittedTotal > 0) process.stderr.write(uncommittedLine(tree));
    },
    // Said once the generator is about to run, so a broken environment stays one line.
    createExecutor: executorFactory(
      createDocker,
      limits,
      () =>
        process.stderr.write(
          'rpe check: the generator runs as a local process, NOT isolated from the network; network calls are only detected by `rpe sandbox run`\n',
        ),
      { install, runner },
    ),
    onProgress: (e) => bar.tick(e.done, e.total, e.label),
  });
  bar.done();
  const written = flags.reportDir ? await sandbox.writeReport(flags.reportDir, report) : null;
  if (flags.json) printJson(report);
  else {
    for (const line of sandbox.summarizeReport(report)) printLine(line);
    if (written) {
      printLine(`report\t${written.json}\t${written.markdown}`);
      printLine(`receipt sha256\t${written.report.receipt_sha256}`);
    }
  }
  process.exitCode = report.verdict === 'eligible' ? 0 : 1;
}
