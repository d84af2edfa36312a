import type { RunStatus } from '../run/executor.js';

/**
 * What a reason does to the verdict. `disqualified`: one of the task's Track 2 disqualifications
 * (overlap, non-determinism, timeout, a network call) or a set that cannot be scored (no run, no
 * output, invalid items, a limit). `incomplete`: a submission requirement that review enforces
 * (files, data hash, placeholders, dependencies); the generator itself may be fine.
 */
export type ReasonClass = 'disqualified' | 'incomplete';

export type Verdict = 'eligible' | ReasonClass;

export interface ReasonInfo {
  class: ReasonClass;
  /** What happened, in a few words. */
  what: string;
  /** How a team fixes it. */
  fix: string;
}

/** Every reason a check can give, with its class: the one table the docs and reports derive from. */
export const REASONS = {
  entrypoint_missing: {
    class: 'disqualified',
    what: 'no generate.py, generate.ts or generate.js (a regular file) at the root',
    fix: 'put the entry point at the repository root; the task runs `python generate.py --seed N --out items.jsonl`',
  },
  timeout: {
    class: 'disqualified',
    what: 'a run went past the wall-clock limit (120 s in the task)',
    fix: 'make one seed finish well within the limit on one CPU; `rpe check` shows the time per seed',
  },
  memory_limit: {
    class: 'disqualified',
    what: 'a run was killed at the memory limit or failed to allocate',
    fix: 'read the data in pieces or query the SQLite snapshot instead of loading it whole',
  },
  runtime_error: {
    class: 'disqualified',
    what: 'the generator exited with an error (the message is its exception)',
    fix: 'run `python generate.py --seed N --out items.jsonl` (or the .ts/.js) yourself and fix the exception',
  },
  output_limit: {
    class: 'disqualified',
    what: 'the output file grew past the size limit',
    fix: 'write 50–200 items to the --out file, nothing else',
  },
  unsafe_output: {
    class: 'disqualified',
    what: 'the output is a symlink or not a regular file',
    fix: 'write a regular file at the --out path',
  },
  no_output: {
    class: 'disqualified',
    what: 'the generator exited 0 without writing its --out file',
    fix: 'write the items to the path given by --out',
  },
  invalid_items: {
    class: 'disqualified',
    what: 'the set breaks the Track 1 format (count, fields, lengths, duplicates)',
    fix: "`rpe validate` on the seed's set lists every error by line",
  },
  nondeterministic: {
    class: 'disqualified',
    what: "two runs of one seed gave different bytes (the task's non-determinism)",
    fix: 'take every random choice from the seed, never from the date or time: the second run of each seed sees the clock 398 days and 7 hours ahead, as a run on another day would; the message says what the output depended on (the clock, PYTHONHASHSEED, TZ, the pid, the umask, ...)',
  },
  seed_overlap: {
    class: 'disqualified',
    what: "two seeds' input sets overlap above Jaccard 0.5 (a static list)",
    fix: 'let the seed change what is sampled: more templates, lemmas or frames per family',
  },
  network_attempt: {
    class: 'disqualified',
    what: "the generator tried to reach the network (the task's network call)",
    fix: 'vendor everything the generator needs in the repository; download nothing at run time',
  },
  tree_write: {
    class: 'disqualified',
    what: 'the generator wrote into its own tree, which is read-only in the sandbox, so the run fails there',
    fix: 'write only the --out file (use a temporary folder for anything else)',
  },
  required_file_missing: {
    class: 'incomplete',
    what: 'a file the task lists is missing: README.md, LICENSE, data/LICENSE (with data/), requirements.txt (Python)',
    fix: 'add the file; `rpe init` scaffolds have all of them',
  },
  license_not_osi: {
    class: 'incomplete',
    what: 'LICENSE is not recognised as an OSI-approved licence',
    fix: 'use an OSI-approved licence (MIT, Apache-2.0, BSD, GPL, ...), or add `SPDX-License-Identifier: <id>` to LICENSE if it is one',
  },
  data_hash_missing: {
    class: 'incomplete',
    what: 'data/ exists but the README declares no hash of it',
    fix: 'add "Data hash: `sha256:...`" with the value `rpe hash data` prints',
  },
  data_hash_mismatch: {
    class: 'incomplete',
    what: 'the README declares a data hash that matches no recognised recipe',
    fix: 'recompute with `rpe hash data` and update the README; `rpe hash --check .` says which recipe matches',
  },
  data_unsafe_entry: {
    class: 'incomplete',
    what: 'data/ is a symlink or holds a symlink or special file, so it has no content hash',
    fix: 'replace links with the files themselves',
  },
  placeholder_left: {
    class: 'incomplete',
    what: 'placeholders from the `rpe init` scaffold are still there (PLACEHOLDER:, [PRZYKŁAD DO ZASTĄPIENIA], _to fill in_)',
    fix: 'replace the placeholder family with your own and fill in PROVENANCE.md',
  },
  requirements_unpinned: {
    class: 'incomplete',
    what: 'a requirements.txt line is not pinned with ==; the install step fetches only pinned requirements, so an unpinned one that vendor/ does not hold is not installed',
    fix: 'pin every dependency: name==version',
  },
  requirements_unvendored: {
    class: 'incomplete',
    what: "under `--install-network none` only: a pinned requirement has no wheel in vendor/ the sandbox's Python can install offline (with a network, the install step fetches it from the index instead)",
    fix: '`pip download --only-binary=:all: --python-version 3.11 -d vendor -r requirements.txt`, and commit vendor/; or ask for the check with a network',
  },
  lock_needs_network: {
    class: 'incomplete',
    what: 'package-lock.json needs what no registry serves (a git URL, a path outside the repository, a package.json without a lock), or, under `--install-network none`, any package from a registry',
    fix: 'commit package-lock.json with every runtime dependency from the registry or as a file: tarball in vendor/ (`npm pack`, then `npm install ./vendor/<tarball>`; rpe init --lang ts vendors the toolkit so), tools such as tsx as devDependencies',
  },
  install_failed: {
    class: 'incomplete',
    what: "the install step (pip from requirements.txt, or npm ci from the lock; from the repository, or over the install network from the index) failed or was refused, so no seed could run and no set was kept; the task's organisers install pinned dependencies before the network is cut",
    fix: 'make `pip install -r requirements.txt` (or `npm ci --omit=dev --ignore-scripts`) work in a fresh clone with only the pinned packages; the message is the install step’s error',
  },
} as const satisfies Record<string, ReasonInfo>;

export type ReasonCode = keyof typeof REASONS;

export const REASON_CODES = Object.keys(REASONS) as ReasonCode[];

// The reason a failed run's status gives: every status but 'ok' is a reason of the same name.
export function reasonForStatus(status: Exclude<RunStatus, 'ok'>): ReasonCode {
  return status;
}

// The class of a reason code.
export function reasonClass(code: ReasonCode): ReasonClass {
  return REASONS[code].class;
}

// The verdict of a list of reasons: disqualified beats incomplete beats eligible.
export function verdictOf(reasons: readonly { code: ReasonCode }[]): Verdict {
  const classes = new Set(reasons.map((r) => reasonClass(r.code)));
  if (classes.has('disqualified')) return 'disqualified';
  return classes.has('incomplete') ? 'incomplete' : 'eligible';
}

/** The reason table of docs/report.md, generated from REASONS so the two cannot drift. */
export function renderReasonTable(): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const rows = REASON_CODES.map((code) => {
    const info: ReasonInfo = REASONS[code];
    return `| \`${code}\` | ${info.class} | ${escape(info.what)} | ${escape(info.fix)} |`;
  });
  return [
    '| code | class | what it means | how to fix it |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

// A reason as the report holds it, its class taken from the table.
export function makeReason(
  code: ReasonCode,
  seed: number | null,
  message: string,
): { code: ReasonCode; class: ReasonClass; seed: number | null; message: string } {
  return { code, class: reasonClass(code), seed, message };
}
