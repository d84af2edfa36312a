import { isAbsolute, posix } from 'node:path';
import { z } from 'zod';
import { MAX_SOURCE_BYTES } from '../../framework/index.js';
import { MAX_TIMEOUT_SECONDS } from '../run/default-limits.js';
import { RUN_STATUSES } from '../run/executor.js';
import { REASON_CODES, type ReasonCode } from './reasons.js';

const runStatus = z.enum(RUN_STATUSES);

const sha = z.string().nullable();

/** The largest memory limit a report may record: 1 TiB, far above any machine a check runs on. */
export const MAX_MEMORY_BYTES = 1024 ** 4;
/** The largest CPU quota a report may record, in cores. */
export const MAX_CPUS = 1024;
/** The largest process limit a report may record: Linux's own ceiling (pid_max). */
export const MAX_PIDS = 4_194_304;
/** The largest log tail a report may record. */
export const MAX_LOG_BYTES = 1024 ** 2;

// A path a receipt names inside a folder: relative, normalised, without `..`, NUL or `\`.
const insidePath = z
  .string()
  .refine(
    (p) =>
      p !== '' &&
      !p.includes('\0') &&
      !p.includes('\\') &&
      !isAbsolute(p) &&
      posix.normalize(p) === p &&
      !p.split('/').some((part) => part === '..' || part === '.' || part === ''),
    { message: 'must be a relative, normalised path inside its folder (no `..`, no leading `/`)' },
  );

// A file a receipt keeps beside itself: a plain name in the receipt's folder.
const keptName = insidePath.refine((p) => !p.includes('/'), {
  message: "must be a file name in the receipt's folder, without `/`",
});

const commitId = z
  .string()
  .regex(/^([0-9a-f]{40}|[0-9a-f]{64})$/, 'must be a full commit id (40 or 64 hex digits)');

const reasonCode = z.enum(REASON_CODES as [ReasonCode, ...ReasonCode[]]);

export const reasonSchema = z.object({
  code: reasonCode.describe('the reason code (see the reason table above)'),
  class: z
    .enum(['disqualified', 'incomplete'])
    .describe('from the reason table: what this reason does to the verdict'),
  seed: z.number().int().nullable().describe('the seed it concerns; null for the whole submission'),
  message: z.string().describe('what happened, for people'),
});

/** One attempt to use an internet socket, as the sandbox's trace saw it. */
export const networkAttemptSchema = z.object({
  pid: z.number().int().describe('the process (in the container)'),
  program: z.string().describe("the process's command name"),
  call: z.string().describe('`socket`, `connect`, `sendto`, `sendmsg` or `sendmmsg`'),
  family: z.enum(['ipv4', 'ipv6']),
  address: z
    .string()
    .nullable()
    .describe('the address it tried; null for the creation of a socket'),
  port: z.number().int().nullable(),
  lookup: z.string().nullable().describe('the host name a DNS query asked for'),
  result: z.string().describe('what the call returned'),
});

/** Something a person should read that does not change the verdict. */
export const warningSchema = z.object({
  code: z.string().describe('e.g. `role_instruction`, `gold_unknown_form`, `uncommitted_changes`'),
  seed: z.number().int().nullable(),
  line: z.number().int().nullable().describe("the line of the seed's set, for item warnings"),
  message: z.string(),
});

export const runReportSchema = z.object({
  variation: z.string().describe('the environment variation of the run (`a` or `b`)'),
  status: runStatus.describe('how the run ended: `ok` or a reason code'),
  exit_code: z.number().int().nullable(),
  timed_out: z.boolean().describe("the runner's wall-clock limit ended it"),
  oom_killed: z.boolean().describe("the kernel's out-of-memory killer ended it"),
  wall_ms: z.number(),
  peak_memory_bytes: z.number().nullable().describe('null where it cannot be measured'),
  output_sha256: sha.describe("the output's sha256, when it was read"),
  message: z.string().nullable().describe('why it failed, for people'),
  stdout_tail: z.string().describe('the last `limits.log_bytes` of stdout'),
  stderr_tail: z.string().describe('the last `limits.log_bytes` of stderr'),
  network_attempts: z
    .array(networkAttemptSchema)
    .nullable()
    .default(null)
    .describe('every network call the trace saw; null where nothing was traced (local mode)'),
});

export const seedReportSchema = z.object({
  seed: z.number().int(),
  status: runStatus.describe('the status of its first failing run, or `ok`'),
  n_items: z.number().int().nullable().describe("items in the first run's output"),
  format_ok: z.boolean().nullable().describe('whether the output passes the Track 1 rules'),
  errors: z
    .array(z.object({ line: z.number(), code: z.string(), message: z.string() }))
    .describe('the first format errors'),
  deterministic: z.boolean().nullable().describe('whether both runs gave the same bytes'),
  difference: z
    .object({ line: z.number(), first: z.string().nullable(), second: z.string().nullable() })
    .nullable()
    .describe('the first differing line of the two runs'),
  cause: z.string().nullable().describe('the variation that makes the runs differ, when found'),
  output_sha256: sha.describe('the agreed output hash (null unless both runs agreed)'),
  wall_ms: z.number().nullable().describe('the slowest run'),
  peak_memory_bytes: z.number().nullable().describe('the highest peak of its runs'),
  runs: z.array(runReportSchema),
  set: z
    .object({ file: keptName, sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits') })
    .nullable()
    .describe("the seed's set kept beside the report (`seed-N.jsonl`), or null when not kept"),
});

// A positive number at most `max`: the ranges the CLI's own options allow, so a receipt cannot
// ask a re-run for a limit no check could have had (a timeout no timer can hold, say).
const upTo = (max: number) => z.number().positive().max(max);

const limitsSchema = z
  .object({
    timeout_seconds: upTo(MAX_TIMEOUT_SECONDS).describe('at most a day'),
    memory_bytes: upTo(MAX_MEMORY_BYTES).int().describe('memory, and memory plus swap'),
    cpus: upTo(MAX_CPUS).describe('CPU quota, in cores (the sandbox only)'),
    pids: upTo(MAX_PIDS).int().describe('process limit (the sandbox only)'),
    output_bytes: upTo(MAX_SOURCE_BYTES).int().describe('largest output file accepted'),
    log_bytes: upTo(MAX_LOG_BYTES).int().describe('how much of stdout and stderr is kept'),
  })
  .describe('the limits every run had');

const gitSource = z
  .object({
    url: z
      .string()
      .regex(/^[^-\s]/, 'must be a repository URL or path, not an option')
      .refine((url) => !/^[A-Za-z][A-Za-z0-9+.-]*::/.test(url), {
        message: 'must not name a git remote helper (`transport::address`)',
      }),
    ref: z.string().regex(/^[^-\s][^\s]*$/, 'must be a ref, not an option'),
    commit: commitId,
  })
  .describe('where a batch cloned the submission from');

/** The Docker engine the runs went to, as a pool names it. */
export const engineSchema = z.object({
  url: z.string().describe("the engine's URL, without its #settings"),
  name: z.string().describe("the engine host's name, as the engine gives it (`docker info`)"),
  version: z.string().describe("the engine's version"),
});

/** A batch took this submission from an engine that failed before its check was done. */
export const requeueSchema = z.object({
  engine: z.string().describe('the URL of the engine that failed'),
  reason: z.string().describe('what it failed with'),
});

/**
 * report.json: the verdict with its reasons and warnings, and a run receipt (image, the tree
 * checked and its commit, limits, seeds, output hashes, the sets kept) from which
 * `rpe sandbox verify` can re-run and compare.
 */
const installSchema = z.object({
  installer: z.enum(['none', 'pip', 'npm']).describe('what ran: nothing, pip or npm ci'),
  network: z
    .string()
    .describe('the network the install step had (`none`: from the tree only); the runs had none'),
  requested_network: z
    .string()
    .optional()
    .describe(
      'the --install-network the check was given (a batch reruns a report made with another)',
    ),
  index: z
    .string()
    .nullable()
    .describe(
      "the index or registry given (--index-url, --npm-registry); null for the tree only or the installer's default",
    ),
  packages: z
    .array(
      z.object({
        name: z.string(),
        version: z.string(),
        file: z.string().describe('a path in the tree (vendor/...) or the URL it came from'),
        sha256: z.string().nullable().describe('sha256 of that file, hex'),
        integrity: z.string().optional().describe("npm's integrity string from the lock"),
      }),
    )
    .describe('every package installed'),
});

export const reportSchema = z.object({
  schema: z.literal('rpe-report/2'),
  toolkit_version: z.string().describe('the version of the toolkit that ran the check'),
  created_at: z.string().describe('ISO 8601 time of the report'),
  verdict: z
    .enum(['eligible', 'incomplete', 'disqualified'])
    .describe('eligible with no reason; otherwise the strongest class among the reasons'),
  reasons: z.array(reasonSchema),
  warnings: z.array(warningSchema).describe('what a person should read; never changes the verdict'),
  requested_seeds: z
    .array(z.number().int())
    .describe('the seeds asked for, in order, including when none could run'),
  seeds: z.array(seedReportSchema),
  overlap: z
    .array(z.object({ a: z.number(), b: z.number(), jaccard: z.number() }))
    .describe('Jaccard of normalised inputs for each pair of seeds that produced items'),
  overlap_max: z.number().describe('the largest Jaccard allowed (0.5)'),
  data_hash: z
    .object({
      declared: sha.describe('the hash the README declares for the data'),
      actual: sha.describe('the hash of `data/` by the matching recipe; null without `data/`'),
      ok: z.boolean(),
      recipe: z
        .enum(['directory', 'file', 'manifest'])
        .nullable()
        .describe('the recipe that matched'),
      source: z.string().nullable().describe('where the declared hash was found (file and line)'),
      files: z.array(z.string()).describe('the data files a file or manifest recipe covers'),
    })
    .describe('the data hash check'),
  image: z
    .object({ name: z.string(), id: z.string().nullable() })
    .describe('the runner image and its ID (`local <kind>` and null in local mode)'),
  executor: z.object({
    kind: z.enum(['docker', 'local']),
    isolated: z.boolean().describe('whether runs were isolated from the host'),
    network_traced: z
      .boolean()
      .default(false)
      .describe("whether every run's network calls were traced (only the sandbox does)"),
  }),
  engine: engineSchema
    .nullable()
    .default(null)
    .describe('the engine that ran every run of this report; null in local mode and older reports'),
  requeued: z
    .array(requeueSchema)
    .default([])
    .describe('engines a batch took the submission from before this one checked it'),
  generator_toolkit: z
    .object({ version: z.string(), resolved: z.string().nullable() })
    .nullable()
    .default(null)
    .describe(
      "the toolkit the generator itself ran with (a TypeScript generator's, from its own package-lock.json); null when it used none",
    ),
  entrypoint: z
    .object({ file: insidePath, kind: z.enum(['python', 'tsx', 'node']) })
    .nullable()
    .describe('the file that ran and how; null when none was found'),
  runner: z
    .enum(['python', 'python+node', 'node', 'node+tsx'])
    .nullable()
    .default(null)
    .describe(
      'what the runs assumed the runner has: python; python+node for a generate.py that starts Node (beside a package-lock.json); node or node+tsx for generate.js or generate.ts; null when nothing ran and in older reports',
    ),
  install: installSchema
    .nullable()
    .default(null)
    .describe(
      'the install step before the runs: what it installed and from where, so an auditor can fetch the same files; null when no executor was made and in older reports',
    ),
  limits: limitsSchema,
  submission: z
    .object({
      path: z
        .string()
        .refine((p) => isAbsolute(p) && posix.normalize(p) === p && !p.includes('\0'), {
          message: 'must be an absolute, normalised path',
        })
        .describe('the folder named on the command line'),
      selection: z
        .enum(['git', 'folder', 'in_place'])
        .describe(
          "how the tree was chosen: a git commit, the folder's files, or the folder itself",
        ),
      commit: commitId.nullable().describe('the commit checked (selection `git`), else null'),
      ref: z.string().nullable().describe('the ref asked for (`HEAD` unless `--ref`), else null'),
      uncommitted: z
        .array(z.string())
        .describe('paths whose working copy differs from the commit checked (not checked)'),
      left_out: z
        .array(z.string())
        .describe('what the folder selection left out (node_modules/, .git/, ignored files)'),
      tree_hash: z.string().describe('sha256 over the tree checked (the data hash recipe)'),
      unchanged: z.boolean().describe('whether the tree checked was the same after the runs'),
      source: gitSource.nullable(),
    })
    .describe('what was checked'),
  notes: z
    .array(z.string())
    .describe('which limits and variations were and were not applied, and other facts'),
  wall_ms: z.number().describe('the whole check'),
  receipt_sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits')
    .nullable()
    .default(null)
    .describe(
      'sha256 of the canonical JSON of this report without this field (sorted keys, no spaces): the hash an organiser publishes and `verify --expect-sha256` pins',
    ),
});

/** The first schema: two verdicts, reasons without a class, no warnings, no kept sets. */
export const reportSchemaV1 = z.object({
  schema: z.literal('rpe-report/1'),
  toolkit_version: z.string(),
  created_at: z.string(),
  verdict: z.enum(['eligible', 'disqualified']),
  reasons: z.array(
    z.object({ code: reasonCode, seed: z.number().int().nullable(), message: z.string() }),
  ),
  requested_seeds: z.array(z.number().int()),
  seeds: z.array(seedReportSchema.omit({ set: true })),
  overlap: z.array(z.object({ a: z.number(), b: z.number(), jaccard: z.number() })),
  overlap_max: z.number(),
  data_hash: z.object({ declared: sha, actual: sha, ok: z.boolean() }),
  image: z.object({ name: z.string(), id: z.string().nullable() }),
  executor: z.object({ kind: z.enum(['docker', 'local']), isolated: z.boolean() }),
  entrypoint: z.object({ file: insidePath, kind: z.enum(['python', 'tsx', 'node']) }).nullable(),
  limits: limitsSchema,
  submission: z.object({
    path: z.string().refine((p) => isAbsolute(p) && posix.normalize(p) === p, {
      message: 'must be an absolute, normalised path',
    }),
    tree_hash: z.string(),
    unchanged: z.boolean(),
    source: gitSource.nullable(),
  }),
  notes: z.array(z.string()),
  wall_ms: z.number(),
});

export type Reason = z.infer<typeof reasonSchema>;
export type EngineRecord = z.infer<typeof engineSchema>;
export type Requeue = z.infer<typeof requeueSchema>;
export type RunReport = z.infer<typeof runReportSchema>;
export type SeedReport = z.infer<typeof seedReportSchema>;
export type Report = z.infer<typeof reportSchema>;
export type ReportV1 = z.infer<typeof reportSchemaV1>;
export type Warning = z.infer<typeof warningSchema>;
