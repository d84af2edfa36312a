import { InvalidArgumentError, Option, type Command } from 'commander';
import { count, seconds } from './number-options.js';

/** The endpoint and request options `rpe query` and `rpe trial` share. */
export interface EndpointFlags {
  baseUrl?: string;
  apiKey?: string;
  dotenv?: string;
  concurrency: number;
  timeout: number;
  retries: number;
}

/**
 * The most retries of one request: with backoff doubling from a second (capped per wait), 20
 * retries already wait many minutes on a server that keeps failing; more only looks like a hang.
 */
export const MAX_RETRIES = 20;

// Node 20 reads `--env-file` itself wherever it stands, even after the script name, and exits 9
// before rpe starts when the file is missing: the option cannot be made safe, so it is refused.
function renamedEnvFile(): never {
  throw new InvalidArgumentError(
    'use --dotenv instead: Node itself reads --env-file (and exits when the file is missing)',
  );
}

// Adds where the panel is asked (--base-url, --api-key, --dotenv) and how (--concurrency, --timeout, --retries).
export function addEndpointOptions(command: Command): Command {
  return command
    .option(
      '--base-url <url>',
      'endpoint base URL, e.g. http://127.0.0.1:8000/v1 (default: EVAL_BASE_URL)',
    )
    .option('--api-key <key>', 'bearer key (default: EVAL_API_KEY; local servers need none)')
    .option(
      '--dotenv <file>',
      'where EVAL_BASE_URL and EVAL_API_KEY are read from (default: .env, when there is one)',
    )
    .addOption(new Option('--env-file <file>').hideHelp().argParser(renamedEnvFile))
    .option('--concurrency <n>', 'requests in flight at once (at most 64)', count(1, 64), 4)
    .option('--timeout <seconds>', 'limit per request', seconds, 120)
    .option(
      '--retries <n>',
      `retries on 429, 5xx, network errors and timeouts (at most ${MAX_RETRIES})`,
      count(0, MAX_RETRIES),
      4,
    );
}

// The endpoint the flags, the environment and the .env file name (panel/query's rules).
export async function endpointConfig(flags: EndpointFlags) {
  const { loadEvalConfig } = await import('../panel/query/index.js');
  return loadEvalConfig({
    ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
    ...(flags.apiKey !== undefined ? { apiKey: flags.apiKey } : {}),
    env: process.env,
    ...(flags.dotenv !== undefined ? { envFile: flags.dotenv, envFileRequired: true } : {}),
  });
}

// The model ids of a models file (one per line, # for comments), refused when unreadable (exit 2).
export async function readModelsFile(path: string): Promise<string[]> {
  const query = await import('../panel/query/index.js');
  return query.readModelsFile(path);
}
