import { relative } from 'node:path';
import type { Command } from 'commander';
import { addInstallOptions, addLimitOptions, parseJobs, parseLimits } from '../../check-command.js';
import { addEngineOptions, engineListOptions, type EngineFlags } from '../../engine-options.js';
import { endProcessWhenDone, printJson, printLine, progress } from '../../output.js';
import { escapeControls } from '../../report-failure.js';
import type { InstallSource, Limits } from '../../../sandbox/index.js';

interface BatchFlags extends EngineFlags {
  submissions: string;
  seedsFile: string;
  jobs?: string;
  out: string;
  local?: boolean;
  rerun?: boolean;
  timeout: string;
  memory: string;
  cpus: string;
  json?: boolean;
  installNetwork?: string;
  indexUrl?: string;
  npmRegistry?: string;
}

const note = (line: string) => process.stderr.write(`rpe sandbox batch: ${line}\n`);

// The engines of the pool the options name, each with the runner images of the first that has
// them. An engine that does not answer (or repeats another) is said once and left out.
async function poolEngines(flags: BatchFlags, limits: Limits, install: InstallSource) {
  const sandbox = await import('../../../sandbox/index.js');
  const config = sandbox.readEngineConfig();
  const pool = await sandbox.resolveEnginePool(config, engineListOptions(flags));
  sandbox.requireReadyEngines(pool);
  // Said here, before the pool's size; the batch's summary names them too.
  const said = new Set<string>();
  for (const member of pool.members)
    if (member.status !== 'ready') {
      const why =
        member.status === 'duplicate' ? `the same engine as ${member.sameAs}` : member.reason;
      note(`engine ${member.url} skipped: ${why}`);
      said.add(member.url);
    }
  const batch = await sandbox.poolBatchEngines(pool, {
    limits,
    install,
    ...(flags.json ? {} : { onStep: note }),
  });
  if (pool.ready.length > 1 && !flags.json)
    note(
      `${pool.ready.length} engines, ${pool.capacity} runs at once: ${pool.ready.map((m) => `${m.url} (${m.jobs})`).join(', ')}`,
    );
  return { batch, spread: pool.ready.length > 1, said };
}

// `rpe sandbox batch`: the organisers' run over many submissions, resumable, with a summary.
export function register(group: Command): void {
  const command = group
    .command('batch')
    .description(
      'check many submissions (folders or git-url@commit-or-tag lines) with one seed list, spread over a pool of Docker engines; resumable',
    )
    .requiredOption(
      '--submissions <path>',
      'a folder of submission folders, or a file with one folder or git-url@ref per line',
    )
    .requiredOption('--seeds-file <file>', 'the seeds, separated by commas, spaces or newlines')
    .option(
      '--jobs <n>',
      "runs in flight at once over the whole batch (default: the engines' jobs summed, 1 with --local); each engine keeps to its own #jobs too",
    )
    .option('--out <dir>', 'where reports, clones and summary.md/summary.csv go', 'rpe-batch')
    .option('--local', 'run generators as local processes (NOT isolated) instead of in the sandbox')
    .option(
      '--rerun',
      'check every submission again, even one whose report was made with the same tree, seeds, limits, toolkit and image',
    );
  addInstallOptions(addEngineOptions(addLimitOptions(command, { cpus: true })))
    .option('--json', 'print the summary rows as JSON')
    .action(async (flags: BatchFlags) => {
      const sandbox = await import('../../../sandbox/index.js');
      const { checkWritablePath } = await import('../../../framework/index.js');
      // Before anything runs: the folder every report of the batch goes to.
      checkWritablePath(flags.out, 'folder');
      const jobs = await parseJobs(flags.jobs);
      const seeds = await sandbox.readSeedsFile(flags.seedsFile);
      const limits = await parseLimits(flags);
      const install = sandbox.resolveInstallSource(flags);
      if (flags.local && (flags.engine !== undefined || flags.enginesFile !== undefined)) {
        const { RpeError } = await import('../../../framework/index.js');
        throw new RpeError(
          'engine_with_local',
          '--engine and --engines-file choose Docker engines; --local runs without Docker',
        );
      }
      const pool = flags.local ? null : await poolEngines(flags, limits, install);
      const local = sandbox.singleBatchEngine(
        'local',
        jobs ?? 1,
        (entrypoint, submissionDir, tree) =>
          sandbox.createLocalExecutor({
            submissionDir,
            entrypoint,
            limits,
            install: tree?.temporary === true,
            installSource: install,
          }),
      );
      const bar = progress('submissions', { quiet: flags.json === true });
      const say = (line: string) => {
        bar.done();
        note(line);
      };
      const { rows, engines, summary } = await sandbox.runBatch({
        submissions: flags.submissions,
        seeds,
        outDir: flags.out,
        limits,
        install,
        engines: pool ? pool.batch.engines : [local],
        ...(jobs === undefined ? {} : { jobs }),
        ...(flags.rerun ? { rerun: true } : {}),
        toolkitVersion: sandbox.toolkitVersion(),
        executor: flags.local ? 'local' : 'docker',
        // The image ID runs of an entrypoint would use now: part of what a resumed report must match.
        imageFor: pool ? pool.batch.imageFor : () => Promise.resolve(null),
        // Said once the list is known to be good, so a bad list stays one line.
        onStart: () => {
          if (flags.local) {
            process.stderr.write(
              'rpe sandbox batch --local: generators run as local processes and are NOT isolated\n',
            );
          }
        },
        onEngine: (e) => {
          if (e.status === 'lost')
            say(`engine ${e.url} lost: ${e.reason}; what it had in hand goes back to the queue`);
          else if (!pool?.said.has(e.url)) say(`engine ${e.url} skipped: ${e.reason}`);
        },
        onRequeued: (name, url, reason) => say(`${name} requeued: its engine ${url} ${reason}`),
        onRenamed: (e) =>
          say(
            `${e.source} is named ${e.name}: ${e.batchFile ? `${e.from} is a file of the batch's own` : `another submission is named ${e.from}`}`,
          ),
        // A row as soon as its submission is done, above the progress line.
        onRow: (r, done, total) => {
          if (!flags.json) {
            bar.done();
            // Each field one field of one line: a tab or a newline a message quotes (a path in
            // git's words) is written as an escape.
            const detail = escapeControls(
              r.verdict === 'error' ? (r.message ?? '') : r.reasons.join(','),
            );
            const why = r.rerun_because ? `\t(rerun: ${escapeControls(r.rerun_because)})` : '';
            const where =
              pool?.spread && r.engine
                ? `\ton ${escapeControls(r.engine)}${r.requeued_from.length > 0 ? ` (requeued from ${escapeControls(r.requeued_from.join(', '))})` : ''}`
                : '';
            printLine(
              `${r.name}\t${r.verdict}${r.resumed ? ' (resumed)' : ''}\t${detail}${why}${where}`,
            );
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
      // Requests to an engine that went silent (a host that hangs, a network that drops packets)
      // never end; the batch no longer waits for them, and neither may the process.
      if (engines.some((e) => e.status === 'lost')) endProcessWhenDone();
    });
}
