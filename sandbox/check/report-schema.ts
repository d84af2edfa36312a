import { z } from 'zod';
import { RUN_STATUSES } from '../run/executor.js';
import { REASON_CODES, type ReasonCode } from './reasons.js';

const runStatus = z.enum(RUN_STATUSES);

const sha = z.string().nullable();

const reasonCode = z.enum(REASON_CODES as [ReasonCode, ...ReasonCode[]]);

export const reasonSchema = z.object({
  code: reasonCode,
  /** From the reason table: what this reason does to the verdict. */
  class: z.enum(['disqualified', 'incomplete']),
  seed: z.number().int().nullable(),
  message: z.string(),
});

/** One attempt to use an internet socket, as the sandbox's trace saw it. */
export const networkAttemptSchema = z.object({
  pid: z.number().int(),
  program: z.string(),
  call: z.string(),
  family: z.enum(['ipv4', 'ipv6']),
  address: z.string().nullable(),
  port: z.number().int().nullable(),
  lookup: z.string().nullable(),
  result: z.string(),
});

/** Something a person should read that does not change the verdict. */
export const warningSchema = z.object({
  code: z.string(),
  seed: z.number().int().nullable(),
  /** The line of the seed's set, for item warnings. */
  line: z.number().int().nullable(),
  message: z.string(),
});

export const runReportSchema = z.object({
  variation: z.string(),
  status: runStatus,
  exit_code: z.number().int().nullable(),
  timed_out: z.boolean(),
  oom_killed: z.boolean(),
  wall_ms: z.number(),
  peak_memory_bytes: z.number().nullable(),
  output_sha256: sha,
  message: z.string().nullable(),
  stdout_tail: z.string(),
  stderr_tail: z.string(),
  /** Null where the executor does not trace the network (local mode). */
  network_attempts: z.array(networkAttemptSchema).nullable().default(null),
});

export const seedReportSchema = z.object({
  seed: z.number().int(),
  status: runStatus,
  n_items: z.number().int().nullable(),
  format_ok: z.boolean().nullable(),
  errors: z.array(z.object({ line: z.number(), code: z.string(), message: z.string() })),
  deterministic: z.boolean().nullable(),
  difference: z
    .object({ line: z.number(), first: z.string().nullable(), second: z.string().nullable() })
    .nullable(),
  cause: z.string().nullable(),
  output_sha256: sha,
  wall_ms: z.number().nullable(),
  peak_memory_bytes: z.number().nullable(),
  runs: z.array(runReportSchema),
  /** The seed's set, kept beside the report (`seed-N.jsonl`), or null when not kept. */
  set: z.object({ file: z.string(), sha256: z.string() }).nullable(),
});

const limitsSchema = z.object({
  timeout_seconds: z.number(),
  memory_bytes: z.number(),
  cpus: z.number(),
  pids: z.number(),
  output_bytes: z.number(),
  log_bytes: z.number(),
});

const gitSource = z.object({ url: z.string(), ref: z.string(), commit: z.string() });

/** The Docker engine the runs went to, as a pool names it. */
export const engineSchema = z.object({
  /** The engine's URL, without its #settings. */
  url: z.string(),
  /** The engine host's name, as the engine gives it (`docker info`). */
  name: z.string(),
  /** The engine's version. */
  version: z.string(),
});

/** A batch took this submission from an engine that failed before its check was done. */
export const requeueSchema = z.object({
  /** The URL of the engine that failed. */
  engine: z.string(),
  /** What it failed with. */
  reason: z.string(),
});

/**
 * report.json: the verdict with its reasons and warnings, and a run receipt (image, the tree
 * checked and its commit, limits, seeds, output hashes, the sets kept) from which
 * `rpe sandbox verify` can re-run and compare.
 */
export const reportSchema = z.object({
  schema: z.literal('rpe-report/2'),
  toolkit_version: z.string(),
  created_at: z.string(),
  verdict: z.enum(['eligible', 'incomplete', 'disqualified']),
  reasons: z.array(reasonSchema),
  warnings: z.array(warningSchema),
  /** The seeds asked for, in order, including when none could run. */
  requested_seeds: z.array(z.number().int()),
  seeds: z.array(seedReportSchema),
  overlap: z.array(z.object({ a: z.number(), b: z.number(), jaccard: z.number() })),
  overlap_max: z.number(),
  data_hash: z.object({
    declared: sha,
    actual: sha,
    ok: z.boolean(),
    recipe: z.enum(['directory', 'file', 'manifest']).nullable(),
    source: z.string().nullable(),
    files: z.array(z.string()),
  }),
  image: z.object({ name: z.string(), id: z.string().nullable() }),
  executor: z.object({
    kind: z.enum(['docker', 'local']),
    isolated: z.boolean(),
    /** Whether every run's network calls were traced (only the sandbox does). */
    network_traced: z.boolean().default(false),
  }),
  /** The engine that ran every run of this report; null in local mode and in older reports. */
  engine: engineSchema.nullable().default(null),
  /** Engines a batch took the submission from before this engine checked it; [] when none. */
  requeued: z.array(requeueSchema).default([]),
  /**
   * The toolkit the generator itself ran with (a TypeScript generator's, from its own
   * package-lock.json), as against `toolkit_version`, the runner's; null when it used none.
   */
  generator_toolkit: z
    .object({ version: z.string(), resolved: z.string().nullable() })
    .nullable()
    .default(null),
  entrypoint: z.object({ file: z.string(), kind: z.enum(['python', 'tsx', 'node']) }).nullable(),
  limits: limitsSchema,
  submission: z.object({
    /** The folder named on the command line. */
    path: z.string(),
    /** How the tree was chosen: a git commit, the folder's files, or the folder itself. */
    selection: z.enum(['git', 'folder', 'in_place']),
    /** The commit checked (selection `git`), else null. */
    commit: z.string().nullable(),
    /** The ref asked for (`HEAD` unless `--ref`), else null. */
    ref: z.string().nullable(),
    /** Paths whose working copy differs from the commit checked (not part of the check). */
    uncommitted: z.array(z.string()),
    /** What the folder selection left out (node_modules/, .git/, ignored files). */
    left_out: z.array(z.string()),
    tree_hash: z.string(),
    /** Whether the tree checked was the same after the runs. */
    unchanged: z.boolean(),
    /** Where a batch cloned the submission from. */
    source: gitSource.nullable(),
  }),
  notes: z.array(z.string()),
  wall_ms: z.number(),
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
  entrypoint: z.object({ file: z.string(), kind: z.enum(['python', 'tsx', 'node']) }).nullable(),
  limits: limitsSchema,
  submission: z.object({
    path: z.string(),
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
