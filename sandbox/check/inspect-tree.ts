import { checkDeclaredDataHash } from '../../framework/index.js';
import type { Entrypoint } from '../run/executor.js';
import { checkRequirements } from '../submission/check-requirements.js';
import type { InstallSource } from '../submission/install-source.js';
import { detectEntrypoint, missingEntrypointMessage } from '../submission/detect-entrypoint.js';
import { hashListing, listTree, type TreeEntry } from '../submission/hash-tree.js';
import type { PreparedTree } from '../submission/prepare-submission-tree.js';
import { makeReason } from './reasons.js';
import type { Reason, Warning } from './report-schema.js';

/** What a check reads of the tree before anything runs, so a run cannot change it. */
export interface TreeInspection {
  /** The tree as checked out: its hash is the receipt's, whatever an install step adds later. */
  listing: TreeEntry[];
  treeHash: string;
  dataHash: ReturnType<typeof checkDeclaredDataHash>;
  entrypoint: Entrypoint | null;
  /** Unmet submission requirements, the data hash's included. */
  requirements: Reason[];
  /** `entrypoint_missing`, when no entrypoint was found. */
  reasons: Reason[];
  warnings: Warning[];
  notes: string[];
}

// The loud warning for a working copy that differs from the commit checked.
function uncommittedWarning(tree: PreparedTree): Warning[] {
  if (tree.uncommittedTotal === 0) return [];
  const more = tree.uncommittedTotal > tree.uncommitted.length ? ', ...' : '';
  return [
    {
      code: 'uncommitted_changes',
      seed: null,
      line: null,
      message: `${tree.uncommittedTotal} path(s) differ from commit ${tree.commit?.slice(0, 12)} and were NOT checked (${tree.uncommitted.join(', ')}${more}); commit them: the organisers receive the commit`,
    },
  ];
}

// The task documents one command, `python generate.py --seed N --out items.jsonl`: a tree whose
// entrypoint is another relies on the organisers running it too, which the team should confirm.
function entrypointWarning(entrypoint: Entrypoint | null): Warning[] {
  if (!entrypoint || entrypoint.kind === 'python') return [];
  return [
    {
      code: 'entrypoint_not_python',
      seed: null,
      line: null,
      message: `the entrypoint is ${entrypoint.file}: the task documents \`python generate.py --seed N --out items.jsonl\`; confirm with the organisers that they run ${entrypoint.file}, or add a generate.py that runs it`,
    },
  ];
}

// Stage 1: what the tree holds before any run: its hash, the data hash, the entrypoint and the
// submission requirements (read now, so a generator writing into its tree cannot change them).
export async function inspectTree(
  tree: PreparedTree,
  install?: InstallSource,
): Promise<TreeInspection> {
  const dir = tree.dir;
  const listing = await listTree(dir);
  const dataHash = checkDeclaredDataHash(dir);
  const detection = await detectEntrypoint(dir);
  const entrypoint = detection.entrypoint;
  const requirements = (
    await checkRequirements({ dir, entrypoint, ...(install ? { source: install } : {}) })
  ).map((issue) => makeReason(issue.code, null, issue.message));
  if (dataHash.code) {
    requirements.push(makeReason(dataHash.code, null, dataHash.message ?? dataHash.code));
  }
  const notes = [...tree.notes];
  if (detection.ignored.length > 0 && entrypoint) {
    notes.push(`${entrypoint.file} runs; ${detection.ignored.join(', ')} ignored (lower priority)`);
  }
  return {
    listing,
    treeHash: hashListing(listing),
    dataHash,
    entrypoint,
    requirements,
    reasons: entrypoint
      ? []
      : [makeReason('entrypoint_missing', null, missingEntrypointMessage(detection))],
    warnings: [...uncommittedWarning(tree), ...entrypointWarning(entrypoint)],
    notes,
  };
}
