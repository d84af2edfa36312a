import { relative } from 'node:path';
import type { Command } from 'commander';
import { addLimitOptions, parseJobs, parseLimits } from '../../check-command.js';
import {
  addEngineOptions,
  engineListOptions,
  namesPool,
  type EngineFlags,
} from '../../engine-options.js';
import { printJson, printLine, progress } from '../../output.js';

interface BatchFlags extends EngineFlags {
  submissions: string;
  seedsFile: string;
  jobs: string;
  out: string;
  local?: boolean;
  rerun?: boolean;
  timeout: string;
  memory: string;
  cpus: string;
  json?: boolean;
}

// Resolves the pool the options name and points the Docker executor at one of its engines: the
// first that answers and sees this machine's files, which the executor still bind-mounts. The
// executor takes its engine from DOCKER_HOST, so the chosen engine is put there. Spreading a batch
// over every engine of the pool comes with the pool scheduler.
async function chooseEngine(flags: BatchFlags): Promise<void> {
  const engine = await import('../../../sandbox/engine/index.js');
  const config = engine.readEngineConfig();
  if (!namesPool(flags, config)) return;
  const pool = await engine.resolveEnginePool(config, engineListOptions(flags));
  const note = (line: string) => process.stderr.write(`rpe sandbox batch: ${line}\n`);
  const ready = engine.requireReadyEngines(pool);
  let chosen: (typeof ready)[number] | undefined;
  for (const member of ready) {
    const image = engine.RUNNER_IMAGES.python;
    if (await engine.probeSharedFiles(member.engine, image).catch(() => false)) {
      chosen = member;
      break;
    }
  }
  if (!chosen) {
    const { RpeError } = await import('../../../framework/index.js');
    throw new RpeError(
      'engine_not_local',
      `no engine of the pool sees this machine's files (${ready.map((m) => m.url).join(', ')}): runs still bind-mount the submission, so a batch needs an engine on this machine, with the runner images built`,
    );
  }
  for (const member of pool.members)
    if (member.status === 'unreachable') note(`engine ${member.url} skipped: ${member.reason}`);
  if (pool.ready.length > 1)
    note(
      `${pool.ready.length} engines answer (${pool.capacity} jobs in all); this version runs the whole batch on one of them, ${chosen.url}`,
    );
  for (const [key, value] of Object.entries(engine.endpointEnvironment(chosen.endpoint))) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
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
    .option('--jobs <n>', 'runs in flight at once, over all submissions and their seeds', '1')
    .option('--out <dir>', 'where reports, clones and summary.md/summary.csv go', 'rpe-batch')
    .option('--local', 'run generators as local processes (NOT isolated) instead of in the sandbox')
    .option(
      '--rerun',
      'check every submission again, even one whose report was made with the same tree, seeds, limits, toolkit and image',
    );
  addEngineOptions(addLimitOptions(command, { cpus: true }))
    .option('--json', 'print the summary rows as JSON')
    .action(async (flags: BatchFlags) => {
      const sandbox = await import('../../../sandbox/index.js');
      const jobs = (await parseJobs(flags.jobs)) ?? 1;
      const seeds = await sandbox.readSeedsFile(flags.seedsFile);
      const limits = await parseLimits(flags);
      if (flags.local && (flags.engine !== undefined || flags.enginesFile !== undefined)) {
        const { RpeError } = await import('../../../framework/index.js');
        throw new RpeError(
          'engine_with_local',
          '--engine and --engines-file choose Docker engines; --local runs without Docker',
        );
      }
      if (!flags.local) await chooseEngine(flags);
      const createDocker = flags.local ? null : await sandbox.loadDockerExecutor();
      const engine = flags.local ? null : await sandbox.connectEngine(sandbox.readEngineConfig());
      const images = new Map<string, Promise<string | null>>();
      // The image ID runs of an entrypoint would use now: part of what a resumed report must match.
      const imageFor = (entrypoint: { kind: 'python' | 'tsx' | 'node' }) => {
        if (!engine) return Promise.resolve(null);
        const { ref } = sandbox.runnerImageFor(entrypoint.kind);
        let id = images.get(ref);
        if (!id)
          images.set(ref, (id = sandbox.inspectImage(engine, ref).then((i) => i?.id ?? null)));
        return id;
      };
      const bar = progress('submissions', { quiet: flags.json === true });
      const { rows, summary } = await sandbox.runBatch({
        submissions: flags.submissions,
        seeds,
        outDir: flags.out,
        limits,
        jobs,
        ...(flags.rerun ? { rerun: true } : {}),
        toolkitVersion: sandbox.toolkitVersion(),
        executor: flags.local ? 'local' : 'docker',
        imageFor,
        // Said once the list is known to be good, so a bad list stays one line.
        onStart: () => {
          if (flags.local) {
            process.stderr.write(
              'rpe sandbox batch --local: generators run as local processes and are NOT isolated\n',
            );
          }
        },
        createExecutor: (entrypoint, submissionDir) =>
          createDocker
            ? createDocker({ submissionDir, entrypoint, limits, network: 'none' })
            : sandbox.createLocalExecutor({ submissionDir, entrypoint, limits }),
        // A row as soon as its submission is done, above the progress line.
        onRow: (r, done, total) => {
          if (!flags.json) {
            bar.done();
            const detail = r.verdict === 'error' ? (r.message ?? '') : r.reasons.join(',');
            const why = r.rerun_because ? `\t(rerun: ${r.rerun_because})` : '';
            printLine(`${r.name}\t${r.verdict}${r.resumed ? ' (resumed)' : ''}\t${detail}${why}`);
          }
          bar.tick(done, total, r.name);
        },
      });
      bar.done();
      if (flags.json) printJson({ rows, summary });
      else {
        const shown = (path: string) => relative(process.cwd(), path) || path;
        printLine(`summary\t${shown(summary.markdown)}\t${shown(summary.csv)}`);
      }
      process.exitCode = rows.some((r) => r.verdict === 'error') ? 2 : 0;
    });
}
