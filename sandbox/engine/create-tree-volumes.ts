import tar from 'tar-stream';
import type { Engine } from './connect-engine.js';
import { runLabels } from './labels.js';
import type { PackedTree } from './pack-tree.js';
import { RUN_UID, RUN_USER, startSandbox, type Sandbox } from './start-sandbox.js';

/**
 * Largest tree kept on tmpfs volumes (memory of the engine's host, at most a sixteenth of it):
 * there a folder lists its entries by creation order, so the reversed copy lists them in another
 * order. On the engine's disk (ext4 lists by hash) the order could not vary.
 */
export const TREE_ON_TMPFS_MAX = 512 * 1024 * 1024;

/** Where the keeper mounts the volumes, read-write. */
const FILL = { forward: '/fill/a', reversed: '/fill/b', deps: '/fill/deps' } as const;

/**
 * The reversed copy, made inside the engine: every path of the forward copy, sorted so that
 * each folder's entries come in reverse name order (a path's `/` is encoded as the lowest bytes
 * so a folder sorts before `a.b` beside it), packed and unpacked in that order. Parents come after
 * their children and are created as their first child is. `-P` keeps GNU tar from delaying a
symlink whose target has `..` (it would then be created last); the names are find's, all relative.
bash, GNU find, sed, sort and tar only.
 */
const REVERSE_COPY = `set -e -o pipefail
cd ${FILL.forward}
find . -mindepth 1 -print0 \\
  | sed -z 's/\\x01/\\x01\\x02/g; s|/|\\x01\\x01|g' \\
  | sort -rz \\
  | sed -z 's|\\x01\\x01|/|g; s/\\x01\\x02/\\x01/g' \\
  | tar --null --no-recursion -T - -cf - \\
  | (umask 0 && tar -C ${FILL.reversed} -xpPf -)
`;

/** The submission's tree on one engine, in volumes that runs mount read-only. */
export interface TreeVolumes {
  /** The tree as packed, entries created in name order. */
  forward: string;
  /** The install layer (pip's target) when the submission has one. */
  deps: string | null;
  /** False when the tree is too large for a tmpfs: the reversed copy is then the same volume. */
  ordered: boolean;
  /** The copy whose folders were filled in reverse order; made on first use. */
  reversed(): Promise<string>;
  /** The first `maxBytes` of a file of the forward copy, or null when there is none. */
  readFile(path: string, maxBytes: number): Promise<Buffer | null>;
}

export interface TreeVolumesOptions {
  image: string;
  runId: string;
  /** Labels the volumes and the keeper as this owner's, for removal. */
  owner: string;
  tree: PackedTree;
  /** Whether to make the install layer, with a `python` folder the install step may write. */
  deps: boolean;
  /** The engine host's memory, which bounds the tmpfs volumes. */
  engineMemoryBytes: number;
}

// An archive holding one empty folder owned by the generator's user.
function ownFolderArchive(name: string) {
  const pack = tar.pack();
  pack.entry({ name: `${name}/`, type: 'directory', mode: 0o755, uid: RUN_UID, gid: RUN_UID });
  pack.finalize();
  return pack;
}

/**
 * Puts a submission's tree on an engine: volumes created for this executor, filled through the
 * engine's API (an archive upload), never a folder of the client. A keeper container holds them
 * mounted for the executor's life, since a tmpfs volume loses its files once nothing mounts it.
 * The caller removes the keeper and the volumes by their owner label.
 */
export async function createTreeVolumes(
  engine: Engine,
  options: TreeVolumesOptions,
): Promise<TreeVolumes> {
  const ordered = options.tree.bytes <= Math.min(TREE_ON_TMPFS_MAX, options.engineMemoryBytes / 16);
  const tmpfsBytes = Math.max(256 * 1024 ** 2, Math.floor(options.engineMemoryBytes / 4));
  const labels = runLabels(engine.config, options.runId, options.owner);
  const volume = async (suffix: string, tmpfsOwner?: number) => {
    const o = `size=${tmpfsBytes},mode=0755${tmpfsOwner ? `,uid=${tmpfsOwner},gid=${tmpfsOwner}` : ''}`;
    const name = `rpe-${options.owner}-${suffix}`;
    await engine.docker.createVolume({
      Name: name,
      Driver: 'local',
      DriverOpts: ordered ? { type: 'tmpfs', device: 'tmpfs', o } : {},
      Labels: labels,
    });
    return name;
  };
  // The reversed copy is written by the generator's user, who must own its top folder.
  const [forward, reversedVolume, deps] = await Promise.all([
    volume('a'),
    ordered ? volume('b', RUN_UID) : null,
    options.deps ? volume('deps') : null,
  ]);
  const reversed = reversedVolume ?? forward;
  const keeper: Sandbox = await startSandbox(engine, {
    image: options.image,
    runId: options.runId,
    owner: options.owner,
    hostname: 'rpe-keeper',
    mounts: [
      { volume: forward, target: FILL.forward, readOnly: false },
      ...(ordered ? [{ volume: reversed, target: FILL.reversed, readOnly: false }] : []),
      ...(deps ? [{ volume: deps, target: FILL.deps, readOnly: false }] : []),
    ],
    network: 'none',
    memoryBytes: 0,
    cpus: 1,
    pids: 64,
    outputBytes: 65536,
    tmpBytes: 1024 * 1024,
  });
  await keeper.putArchive(FILL.forward, options.tree.archive());
  if (deps) await keeper.putArchive(FILL.deps, ownFolderArchive('python'));
  const exec = (argv: string[], maxBytes: number, timeoutMs: number) =>
    keeper.exec({
      argv,
      user: RUN_USER,
      env: ['PATH=/usr/bin:/bin', 'LC_ALL=C'],
      cwd: '/',
      timeoutMs,
      stdout: { keep: 'head', bytes: maxBytes },
      stderrBytes: 4096,
    });
  let copy: Promise<string> | undefined;
  return {
    forward,
    deps,
    ordered,
    reversed: () =>
      (copy ??= (async () => {
        if (!ordered) return forward;
        const result = await exec(['/bin/bash', '-c', REVERSE_COPY], 1024, 600_000);
        if (result.exitCode !== 0)
          throw new Error(
            `the reversed copy of the submission failed (exit ${result.exitCode}): ${result.stderr.toString('utf8').trim().split('\n').pop() ?? ''}`,
          );
        return reversed;
      })()),
    async readFile(path, maxBytes) {
      const read = 'f="$1"; [ -f "$f" ] || exit 3; exec head -c "$2" -- "$f"';
      const argv = ['/bin/sh', '-c', read, 'rpe-read', `${FILL.forward}/${path}`, String(maxBytes)];
      const result = await exec(argv, maxBytes, 30_000);
      return result.exitCode === 0 ? result.stdout : null;
    },
  };
}
