import { z } from 'zod';
import { RUN_STATUSES } from '../run/executor.js';

/** Every reason a submission can be disqualified for, as DESIGN.md lists them. */
export const REASON_CODES = [
  'entrypoint_missing',
  'timeout',
  'memory_limit',
  'runtime_error',
  'output_limit',
  'unsafe_output',
  'no_output',
  'invalid_items',
  'nondeterministic',
  'seed_overlap',
  'network_attempt',
  'data_hash_missing',
  'data_hash_mismatch',
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];

const runStatus = z.enum(RUN_STATUSES);

const sha = z.string().nullable();

export const reasonSchema = z.object({
  code: z.enum(REASON_CODES),
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
});

/**
 * report.json: the verdict with its reasons, and a run receipt (image, submission tree hash,
 * limits, seeds, output hashes) from which `rpe sandbox verify` can re-run and compare.
 */
export const reportSchema = z.object({
  schema: z.literal('rpe-report/1'),
  toolkit_version: z.string(),
  created_at: z.string(),
  verdict: z.enum(['eligible', 'disqualified']),
  reasons: z.array(reasonSchema),
  /** The seeds asked for, in order, including when none could run. */
  requested_seeds: z.array(z.number().int()),
  seeds: z.array(seedReportSchema),
  overlap: z.array(z.object({ a: z.number(), b: z.number(), jaccard: z.number() })),
  overlap_max: z.number(),
  data_hash: z.object({ declared: sha, actual: sha, ok: z.boolean() }),
  image: z.object({ name: z.string(), id: z.string().nullable() }),
  executor: z.object({
    kind: z.enum(['docker', 'local']),
    isolated: z.boolean(),
    /** Whether every run's network calls were traced (only the sandbox does). */
    network_traced: z.boolean().default(false),
  }),
  /**
   * The toolkit the generator itself ran with (a TypeScript generator's, from its own
   * package-lock.json), as against `toolkit_version`, the runner's; null when it used none.
   */
  generator_toolkit: z
    .object({ version: z.string(), resolved: z.string().nullable() })
    .nullable()
    .default(null),
  entrypoint: z.object({ file: z.string(), kind: z.enum(['python', 'tsx', 'node']) }).nullable(),
  limits: z.object({
    timeout_seconds: z.number(),
    memory_bytes: z.number(),
    cpus: z.number(),
    pids: z.number(),
    output_bytes: z.number(),
    log_bytes: z.number(),
  }),
  submission: z.object({
    path: z.string(),
    tree_hash: z.string(),
    unchanged: z.boolean(),
    source: z.object({ url: z.string(), ref: z.string(), commit: z.string() }).nullable(),
  }),
  notes: z.array(z.string()),
  wall_ms: z.number(),
});

export type Reason = z.infer<typeof reasonSchema>;
export type RunReport = z.infer<typeof runReportSchema>;
export type SeedReport = z.infer<typeof seedReportSchema>;
export type Report = z.infer<typeof reportSchema>;
