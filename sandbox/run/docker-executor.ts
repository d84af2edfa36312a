import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RpeError } from '../../framework/errors.js';
import {
  collectSandboxOutput,
  createTreeVolumes,
  EngineConnectError,
  generatorCommand,
  generatorEnv,
  DEPS_DIR,
  inspectImage,
  installDependencies,
  isEngineFailure,
  onInterrupt,
  OUTPUT_DIR,
  packTree,
  parseRunRead,
  readEngineFacts,
  removeOwned,
  RUN_UID,
  runnerImageFor,
  startSandbox,
  sweepLeftovers,
  TRACE_BYTES,
  TRACE_DIR,
  type Engine,
  type Sandbox,
  type SandboxCollection,
  type TreeVolumes,
  tailText,
} from '../engine/index.js';
import type { InstallSource } from '../submission/install-source.js';
import { installNotes, planInstall, type InstallOutcome } from '../submission/plan-install.js';
import { runnerOf } from '../submission/runner-of.js';
import { dockerRunOutcome, networkAttemptsOf, OUTPUT_SLACK } from './docker-run-outcome.js';
import { ENV_VARIATIONS, outputFileOf, runPlacesNote, variationEnv } from './env-variations.js';
import {
  INSTALL_FAILED,
  runAfterFailedInstall,
  type Entrypoint,
  type Executor,
  type Limits,
  type RunRequest,
  type RunResult,
} from './executor.js';
import { IMAGE_FAKETIME, launcherArgv, launchNote } from './variation-launcher.js';
import {
  readGeneratorToolkit,
  TOOLKIT_MANIFEST,
  type GeneratorToolkit,
} from './read-generator-toolkit.js';

export interface DockerExecutorOptions {
  /** The engine the runs go to: DOCKER_HOST's, or a member of a pool. */
  engine: Engine;
  submissionDir: string;
  entrypoint: Entrypoint;
  limits: Limits;
  runId?: string;
  network?: 'none';
  /** Where the install step may fetch what the tree pins but does not hold (default: bridge). */
  install?: InstallSource;
  /**
   * The runner image: `auto` the one the entrypoint needs (python; node, which has Python too,
   * for generate.ts/.js and for a generate.py beside a package-lock.json); `python` forces the
   * Python-only image (what an organiser with no Node in their image would run).
   */
  runner?: 'auto' | 'python';
}

/** The engine that ran the checks, as a report names it. */
export interface EngineIdentity {
  url: string;
  /** The engine host's name (`docker info` Name). */
  name: string;
  version: string;
}

/** How long `docker info` may take when the executor starts. */
const INFO_TIMEOUT_MS = 15_000;
// The engine's own error, rethrown as one line naming it: the run, not the generator, failed.
function engineLost(engine: Engine, error: unknown): never {
  const what =
    error instanceof EngineConnectError
      ? error.reason
      : error instanceof Error
        ? error.message.split('\n')[0]
        : String(error);
  throw new RpeError(
    'engine_lost',
    `lost the Docker engine at ${engine.config.endpoint.url} during the check: ${what}`,
    { cause: error },
  );
}

// The report's note when the reversed copy could not go on a tmpfs.
function orderNote(tree: { bytes: number }): string {
  const mib = (tree.bytes / 1024 ** 2).toFixed(0);
  return `the tree (${mib} MiB) is too large for a tmpfs on the engine: both runs of a seed saw the same order of directory entries`;
}

/**
 * Executes a submission in network-less, read-only, unprivileged containers with limits, one
 * container per run, after the install step, on the engine it is given. The tree reaches the
 * engine as an archive in volumes of its own; nothing of this machine is mounted. `dispose()`
 * (and Ctrl-C) removes every container and volume it made.
 */
export async function createDockerExecutor(options: DockerExecutorOptions): Promise<
  Executor & {
    image: { name: string; id: string };
    engine: EngineIdentity;
    notes: string[];
    generatorToolkit: GeneratorToolkit | null;
  }
> {
  const { engine } = options;
  const runId = options.runId ?? randomUUID();
  const submission = options.submissionDir;
  const planned = await planInstall(
    submission,
    options.entrypoint.kind === 'python' ? 'python' : 'node',
    options.install,
  );
  // A generate.py whose install is a package-lock.json runs Node: the image with both. Forced
  // into the Python-only image, nothing installs the lock there (no npm): the generate.py says
  // what it lacks.
  const pythonOnly = options.runner === 'python' && options.entrypoint.kind === 'python';
  const plan = pythonOnly && planned.kind === 'npm' ? { kind: 'none' as const } : planned;
  const runner = runnerOf(options.entrypoint, planned, pythonOnly);
  const { ref } = runnerImageFor(runner.needsNode ? 'node' : 'python');
  const [, image, facts] = await Promise.all([
    sweepLeftovers(engine),
    inspectImage(engine, ref),
    readEngineFacts(engine, INFO_TIMEOUT_MS),
  ]).catch((error: unknown) => {
    if (isEngineFailure(error)) engineLost(engine, error);
    throw error;
  });
  if (!image)
    throw new RpeError(
      'image_missing',
      `the runner image ${ref} is missing on ${engine.config.endpoint.url}: build it with \`rpe sandbox images build\``,
    );
  const identity = {
    url: engine.config.endpoint.url,
    name: facts.name,
    version: facts.serverVersion,
  };
  // With a lock, node_modules comes from the install step alone, never from the working tree.
  const locked = existsSync(join(submission, 'package-lock.json'));
  const tree = await packTree(submission, {
    ...(locked ? { skipTopLevel: ['node_modules'] } : {}),
    ...(plan.kind === 'npm' ? { ownFolders: [{ name: 'node_modules', uid: RUN_UID }] } : {}),
  });
  const live = new Set<Sandbox>();
  const owner = randomUUID();
  // The runs' own removals and the rest (the keeper, a container created a moment before an
  // interrupt) at once; the volumes after all of them.
  const cleanup = async () => {
    const pending = [...live].map((sandbox) => sandbox.remove());
    await removeOwned(engine, owner, pending).catch(async () => {
      await Promise.allSettled(pending);
    });
  };
  const release = onInterrupt(cleanup);
  let install: InstallOutcome;
  let volumes: TreeVolumes;
  let generatorToolkit: GeneratorToolkit | null = null;
  try {
    volumes = await createTreeVolumes(engine, {
      image: ref,
      runId,
      owner,
      tree,
      deps: plan.kind === 'pip',
      engineMemoryBytes: facts.memoryBytes,
    });
    install = await installDependencies(engine, {
      plan,
      tree: submission,
      treeVolume: volumes.forward,
      depsVolume: volumes.deps,
      image: ref,
      runId,
      owner,
      memoryBytes: options.limits.memoryBytes,
    });
    // The reversed copy starts now, while the first runs go on; runs of the second wait for it.
    if (install.ok) volumes.reversed().catch(() => undefined);
    if (install.ok && (options.entrypoint.kind !== 'python' || plan.kind === 'npm'))
      generatorToolkit = await readGeneratorToolkit(submission, () =>
        volumes.readFile(TOOLKIT_MANIFEST, 256 * 1024),
      );
  } catch (error) {
    release();
    await cleanup();
    if (isEngineFailure(error)) engineLost(engine, error);
    throw error;
  }

  // Runs limited to one CPU take the engine's CPUs in turn, so they do not all queue on one.
  let nextCpu = 0;
  const pinTo = () => (facts.cpus > 1 ? nextCpu++ % facts.cpus : null);

  async function runOnce(request: RunRequest): Promise<RunResult> {
    const { limits, variation, seed } = request;
    const base = { seed, variation: variation.name, stdoutTail: '', stderrTail: '' };
    if (!install.ok) return runAfterFailedInstall(request, install.message ?? INSTALL_FAILED);
    const user = `${variation.uid}:${variation.uid}`;
    const tree = variation.reverseEntries ? await volumes.reversed() : volumes.forward;
    request.onStatus?.(`seed ${seed} (${variation.name}): starting the container`);
    const sandbox = await startSandbox(engine, {
      image: ref,
      runId,
      owner,
      hostname: variation.hostname,
      mounts: [
        { volume: tree, target: variation.submissionPath, readOnly: true },
        ...(volumes.deps ? [{ volume: volumes.deps, target: DEPS_DIR, readOnly: true }] : []),
      ],
      network: 'none',
      memoryBytes: limits.memoryBytes,
      cpus: limits.cpus,
      pids: limits.pids,
      outputBytes: limits.outputBytes + OUTPUT_SLACK,
      outputUid: variation.uid,
      tmpBytes: Math.min(limits.memoryBytes, 256 * 1024 * 1024),
    });
    live.add(sandbox);
    const outputFile = outputFileOf(variation, seed, OUTPUT_DIR);
    const traceName = randomUUID().replaceAll('-', '');
    // The line after which the run's wrapper prints what it read: unknown to the generator.
    const mark = randomBytes(24).toString('hex');
    try {
      request.onStatus?.(`seed ${seed} (${variation.name}): running`);
      const exec = await sandbox.exec({
        argv: generatorCommand(
          options.entrypoint,
          variation,
          seed,
          outputFile,
          launcherArgv(variation, { faketime: IMAGE_FAKETIME, cpu: pinTo() }),
          limits.outputBytes,
        ),
        user,
        env: generatorEnv(
          variationEnv(variation, variation.home),
          install.kind === 'pip',
          traceName,
          mark,
        ),
        cwd: variation.submissionPath,
        timeoutMs: limits.timeoutSeconds * 1000,
        stdout: {
          keep: 'tail',
          bytes: limits.logBytes,
          split: {
            marker: Buffer.from(`${mark}\n`),
            afterBytes: limits.outputBytes + TRACE_BYTES + 4096,
          },
        },
        stderrBytes: limits.logBytes,
      });
      // A command that ended without an exit status (its container gone, the engine restarted)
      // says nothing about the generator.
      if (exec.exitCode === null && !exec.timedOut)
        throw new RpeError(
          'engine_lost',
          `lost the Docker engine at ${engine.config.endpoint.url} during the check: it gave no exit status for the run`,
        );
      // The wrapper read the output after the run, in the same command; when it could not (the
      // generator killed it, say), a command of its own reads it.
      const found = exec.timedOut
        ? new Error('timed out')
        : exec.after !== null
          ? readAfterMark(exec.after)
          : await collectSandboxOutput(sandbox, {
              path: outputFile,
              maxBytes: limits.outputBytes,
              tracePath: `${TRACE_DIR}/${traceName}`,
              user,
            }).catch((e: Error) => {
              // The engine gone is not an output the generator failed to write.
              if (isEngineFailure(e)) throw e;
              return e;
            });
      // The cgroup's count of out-of-memory kills, read with the output, spares asking the
      // engine after every run; only where the kernel does not count them is the engine asked.
      const oomKills = found instanceof Error ? null : found.oomKills;
      const oomKilled =
        !exec.timedOut && (oomKills === null ? await sandbox.oomKilled() : oomKills > 0);
      return {
        ...base,
        ...dockerRunOutcome(exec, found, oomKilled, limits),
        exitCode: exec.exitCode,
        timedOut: exec.timedOut,
        oomKilled,
        wallMs: Math.round(exec.wallMs),
        peakMemoryBytes: found instanceof Error ? null : found.peakMemoryBytes,
        stdoutTail: tailText(exec.stdout),
        stderrTail: tailText(exec.stderr),
        networkAttempts: networkAttemptsOf(found),
      };
    } finally {
      // The removal starts here whatever happened; the result does not wait for it (it costs a
      // few hundred milliseconds), dispose() and Ctrl-C do, as the sandbox stays in `live` until gone.
      void sandbox
        .remove()
        .then(() => live.delete(sandbox))
        .catch(() => undefined);
    }
  }

  // One run; a connection to the engine that fails is thrown, never a verdict on the generator.
  async function run(request: RunRequest): Promise<RunResult> {
    try {
      return await runOnce(request);
    } catch (error) {
      if (isEngineFailure(error)) engineLost(engine, error);
      throw error;
    }
  }

  return {
    kind: 'docker',
    isolated: true,
    networkTraced: true,
    installFailure: install.ok ? null : (install.message ?? INSTALL_FAILED),
    install,
    runner: runner.name,
    image: { name: ref, id: image.id },
    engine: identity,
    notes: [
      runPlacesNote(OUTPUT_DIR),
      launchNote(
        ENV_VARIATIONS[1],
        { faketime: IMAGE_FAKETIME, cpu: facts.cpus > 1 ? 0 : null },
        true,
      ),
      ...installNotes(install),
      ...(volumes.ordered ? [] : [orderNote(tree)]),
    ],
    generatorToolkit,
    run,
    async dispose() {
      release();
      await cleanup();
    },
  };
}

// What the run's wrapper printed after its mark, or the error that makes of it.
function readAfterMark(after: Buffer): SandboxCollection | Error {
  try {
    return parseRunRead(after);
  } catch (error) {
    return error as Error;
  }
}
