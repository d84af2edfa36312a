import type { Readable } from 'node:stream';
import type Dockerode from 'dockerode';
import { RpeError } from '../../framework/errors.js';
import type { Engine } from './connect-engine.js';
import { runLabels } from './labels.js';
import { execInSandbox, type ExecOptions, type ExecResult } from './exec-in-sandbox.js';

/** The user that keeps the container alive; never the generator's, so a sweep of one spares the other. */
export const HOLDER_UID = 10001;
export const HOLDER_USER = `${HOLDER_UID}:${HOLDER_UID}`;
/** The user the generator and the install step run as. */
export const RUN_UID = 10002;
export const RUN_USER = `${RUN_UID}:${RUN_UID}`;
/** The isolated writable output folder inside every sandbox. */
export const OUTPUT_DIR = '/out';
/**
 * Where strace writes a run's trace: a tmpfs of the holder's with room for one file (two inodes:
 * the folder and the trace), which the generator's user may create but not list, so a generator
 * can neither find the trace nor fill the folder with files of its own.
 */
export const TRACE_DIR = '/trace';
/** Largest trace kept; a run that makes more network calls than fit is already disqualified. */
export const TRACE_BYTES = 1024 * 1024;

/**
 * A volume of the engine mounted into a sandbox. Nothing of the client's filesystem is ever
 * mounted: what a container sees comes through the engine's API, so any engine will do.
 */
export interface SandboxMount {
  volume: string;
  target: string;
  readOnly: boolean;
}

export interface SandboxSpec {
  image: string;
  runId: string;
  /** Labels the container as this owner's, for removeOwnedContainers. */
  owner?: string;
  hostname: string;
  mounts: SandboxMount[];
  /**
   * An engine network only for an install step that must download packages (`bridge`, `host`,
   * a network of the engine's); runs always get 'none'.
   */
  network: string;
  /** Memory (and memory+swap) limit; 0 for none (the toolkit's own helper containers). */
  memoryBytes: number;
  cpus: number;
  pids: number;
  /** Size of the tmpfs at OUTPUT_DIR. */
  outputBytes: number;
  /** The user that owns OUTPUT_DIR: the generator's (default RUN_UID). */
  outputUid?: number;
  /** Size of the tmpfs at /tmp. */
  tmpBytes: number;
}

/** A running, locked-down container in which commands are executed one at a time. */
export interface Sandbox {
  readonly id: string;
  exec(options: ExecOptions): Promise<ExecResult>;
  /** Whether the engine saw the kernel's out-of-memory killer act in this container. */
  oomKilled(): Promise<boolean>;
  /** Unpacks a tar archive at `path`, which must be on a writable volume of the container. */
  putArchive(path: string, archive: Readable): Promise<void>;
  /** Kills every process at once; the container stays until remove(). */
  kill(): Promise<void>;
  remove(): Promise<void>;
}

function createOptions(engine: Engine, spec: SandboxSpec): Dockerode.ContainerCreateOptions {
  const tmpfs = (size: number, extra: string) => `rw,nosuid,nodev,size=${size},${extra}`;
  const owner = spec.outputUid ?? RUN_UID;
  return {
    Image: spec.image,
    Cmd: ['sleep', 'infinity'],
    User: HOLDER_USER,
    Hostname: spec.hostname,
    WorkingDir: '/',
    Env: ['PATH=/usr/local/bin:/usr/bin:/bin'],
    Labels: runLabels(engine.config, spec.runId, spec.owner),
    NetworkDisabled: spec.network === 'none',
    HostConfig: {
      NetworkMode: spec.network,
      ReadonlyRootfs: true,
      Mounts: spec.mounts.map((m) => ({
        Type: 'volume' as const,
        Source: m.volume,
        Target: m.target,
        ReadOnly: m.readOnly,
        // The volumes are filled before any run: never with what the image has at the target.
        VolumeOptions: { NoCopy: true } as Dockerode.MountSettings['VolumeOptions'],
      })),
      Tmpfs: {
        '/tmp': tmpfs(spec.tmpBytes, 'mode=1777'),
        [OUTPUT_DIR]: tmpfs(spec.outputBytes, `uid=${owner},gid=${owner},mode=0700`),
        [TRACE_DIR]: tmpfs(
          TRACE_BYTES + 65536,
          `noexec,nr_inodes=2,mode=1733,uid=${HOLDER_UID},gid=${HOLDER_UID}`,
        ),
      },
      // The resolver asks the loopback, where nothing answers: the query, and the name it asks
      // for, shows in the trace instead of failing before a packet is written. An install step
      // with a network keeps the engine's resolver.
      ...(spec.network === 'none' ? { Dns: ['127.0.0.1'] } : {}),
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Init: true,
      PidsLimit: spec.pids,
      Memory: spec.memoryBytes,
      MemorySwap: spec.memoryBytes,
      NanoCpus: Math.round(spec.cpus * 1e9),
      // Output is captured from each exec with a cap; the holder prints nothing worth a log file.
      LogConfig: { Type: 'none', Config: {} },
      AutoRemove: false,
    },
  };
}

// Creates and starts a locked-down container; a failed start removes it before rethrowing.
export async function startSandbox(engine: Engine, spec: SandboxSpec): Promise<Sandbox> {
  const container = await engine.docker
    .createContainer(createOptions(engine, spec))
    .catch((error: { statusCode?: number; message?: string; json?: { message?: string } }) => {
      // The engine refuses a limit it cannot give (--cpus above its CPU count): the user's
      // option, told in one line, not an internal error.
      const message = error.json?.message ?? error.message ?? '';
      if (error.statusCode === 400 && /Range of CPUs/i.test(message)) {
        throw new RpeError('bad_limit', `--cpus ${spec.cpus}: ${message.trim()}`, {
          cause: error,
        });
      }
      throw error;
    });
  // One removal however many callers (a run's finally, dispose, Ctrl-C) ask for it; gone (404) or
  // already being removed (409) is what was wanted.
  let removal: Promise<void> | undefined;
  const remove = () =>
    (removal ??= container
      .remove({ force: true, v: true })
      .catch((error: { statusCode?: number }) => {
        if (error.statusCode !== 404 && error.statusCode !== 409) throw error;
      }));
  try {
    await container.start();
  } catch (error) {
    await remove().catch(() => undefined);
    throw error;
  }
  return {
    id: container.id,
    exec: (options) => execInSandbox(engine, container, options),
    async oomKilled() {
      const info = await container.inspect();
      return info.State.OOMKilled;
    },
    async putArchive(path, archive) {
      await container.putArchive(archive, { path });
    },
    async kill() {
      await container.kill().catch(() => undefined);
    },
    remove,
  };
}
