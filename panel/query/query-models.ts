import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkWritablePath, makeFolders } from '../../framework/index.js';
import { askItem } from './ask-item.js';
import { createEndpointBreaker, type QueryHalt } from './endpoint-breaker.js';
import type { EvalConfig } from './load-eval-config.js';
import { mapWithConcurrency } from './map-with-concurrency.js';
import { modelFileName } from './model-file-name.js';
import { queryWarnings } from './query-warnings.js';
import type { ChatOutcome } from './request-chat-completion.js';
import {
  appendResponse,
  assertResponseFile,
  endWithNewline,
  readResponseCache,
  writeResponseFile,
  type ResponseRecord,
} from './response-cache.js';
import { responseKey } from './response-key.js';
import { DECODING, SYSTEM_MESSAGE } from './system-message.js';

export interface QueryOptions {
  items: readonly { input: string }[];
  models: readonly string[];
  outputDir: string;
  config: Pick<EvalConfig, 'chatUrl' | 'apiKey'>;
  /** Requests in flight at once (per model; models are asked one after the other). Default 4. */
  concurrency?: number;
  /** Per request, in milliseconds. Default 120 000. */
  timeoutMs?: number;
  /** Retries after the first attempt on 429, 408, 5xx, network errors and timeouts. Default 4. */
  retries?: number;
  /** First backoff in milliseconds, doubled on each retry. Default 1000. */
  baseDelayMs?: number;
  /** Longest single wait, Retry-After included. Default 60 000. */
  maxDelayMs?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  onProgress?: (event: { done: number; total: number; model: string }) => void;
  /** Called once per model, in order, as soon as its summary is final (also for models never asked). */
  onModelDone?: (summary: ModelQuerySummary) => void;
}

export interface QueryFailure {
  model: string;
  /** 1-based item number. */
  item: number;
  status: Exclude<ChatOutcome['status'], 'ok'>;
  message: string;
  attempts: number;
}

export interface ModelQuerySummary {
  model: string;
  file: string;
  items: number;
  /** Answers found in the cache, not asked again. */
  cached: number;
  /** Answers received in this run. */
  answered: number;
  failed: number;
  /** Items without an answer that this run did not finish asking (the run or the model stopped). */
  skipped: number;
  /** Set when the server refused the model itself (404, 401, 403): its other items were not sent. */
  error: string | null;
}

/** A warning about an item, given before anything is sent (`item` is 1-based). */
export interface QueryWarning {
  item: number;
  code: string;
  message: string;
}

export interface QueryResult {
  endpoint: string;
  output_dir: string;
  decoding: { temperature: number; max_tokens: number };
  /** Every model of the list, in order, asked or not. */
  models: ModelQuerySummary[];
  failures: QueryFailure[];
  /** HTTP requests sent in this run, retries included. */
  requests: number;
  /** Every item of every model has an answer in its responses file. */
  complete: boolean;
  /** The signal stopped the run before the end. */
  stopped: boolean;
  /** Why the run stopped by itself before the end (server down, key refused, ...); else null. */
  halted: QueryHalt | null;
  warnings: QueryWarning[];
}

// Asks every model every item (answers already cached are not asked again) and writes one
// responses file per model; failures are reported as data, and the next run retries them.
// A server that is not there, refuses the key or fails every request the same way halts the run.
export async function queryModels(options: QueryOptions): Promise<QueryResult> {
  const { items, models, outputDir } = options;
  // Checked before anything is sent; the folder itself is made with the first answer.
  checkWritablePath(outputDir, 'folder');
  const total = items.length * models.length;
  const endpoint = options.config.chatUrl;
  const breaker = createEndpointBreaker(endpoint);
  const signal = options.signal
    ? AbortSignal.any([options.signal, breaker.signal])
    : breaker.signal;
  const result: QueryResult = {
    endpoint,
    output_dir: outputDir,
    decoding: { ...DECODING },
    models: [],
    failures: [],
    requests: 0,
    complete: false,
    stopped: false,
    halted: null,
    warnings: queryWarnings(items),
  };
  // Made one level at a time: Node's recursive mkdir never returns on /proc.
  const ensureOutputDir = () => makeFolders(outputDir);
  // Every model's file before any request: a link or a pipe among them stops the run at once.
  for (const model of models) assertResponseFile(join(outputDir, modelFileName(model)));
  let done = 0;
  for (const model of models) {
    const file = join(outputDir, modelFileName(model));
    const keys = items.map((item) =>
      responseKey({ endpoint, model, system: SYSTEM_MESSAGE, input: item.input, ...DECODING }),
    );
    const cache = readResponseCache(file);
    const answers = new Map<string, ResponseRecord>();
    const pending: { key: string; index: number }[] = [];
    keys.forEach((key, index) => {
      const hit = cache.byKey.get(key);
      if (hit) answers.set(key, hit);
      else if (!pending.some((p) => p.key === key)) pending.push({ key, index });
    });
    const summary: ModelQuerySummary = {
      model,
      file,
      items: items.length,
      cached: items.length - pending.length,
      answered: 0,
      failed: 0,
      skipped: pending.length,
      error: null,
    };
    result.models.push(summary);
    if (signal.aborted) {
      // Never asked: its summary still says what the cache holds.
      options.onModelDone?.(summary);
      continue;
    }
    done += summary.cached;
    options.onProgress?.({ done, total, model });
    endWithNewline(file);

    await mapWithConcurrency(
      pending,
      options.concurrency ?? 4,
      async ({ key, index }) => {
        const input = items[index]?.input ?? '';
        const { outcome, attempts } = await askItem(options, model, input, {
          onRequest: () => {
            result.requests += 1;
          },
          signal,
          giveUp: (attempt) => breaker.attempt(attempt),
        });
        breaker.settle(outcome);
        if (outcome.status === 'ok') {
          const record: ResponseRecord = {
            key,
            endpoint,
            model,
            item: index + 1,
            input,
            response: outcome.content,
            finish_reason: outcome.finishReason,
          };
          ensureOutputDir();
          appendResponse(file, record);
          answers.set(key, record);
          summary.answered += 1;
          summary.skipped -= 1;
        } else if (outcome.status !== 'aborted') {
          summary.failed += 1;
          summary.skipped -= 1;
          result.failures.push({
            model,
            item: index + 1,
            status: outcome.status,
            message: outcome.message,
            attempts,
          });
          if (outcome.status === 'http_error' && [401, 403, 404].includes(outcome.httpStatus)) {
            summary.error ??= outcome.message;
          }
        }
        done += 1;
        options.onProgress?.({ done, total, model });
      },
      () => signal.aborted || summary.error !== null,
    );

    if (!signal.aborted) {
      // The finished file holds this set's answers in item order; stale lines of changed items go,
      // and a model without any answer keeps no (empty) file.
      const ordered = keys.flatMap((key, index) => {
        const record = answers.get(key);
        return record ? [{ ...record, item: index + 1 }] : [];
      });
      if (ordered.length > 0) writeResponseFile(file, ordered);
      else if (existsSync(file)) rmSync(file, { force: true });
    }
    options.onModelDone?.(summary);
  }
  result.stopped = options.signal?.aborted === true;
  result.halted = result.stopped ? null : breaker.halt;
  result.failures.sort(
    (a, b) => models.indexOf(a.model) - models.indexOf(b.model) || a.item - b.item,
  );
  result.complete = result.models.every(
    (m) => m.cached + m.answered === m.items && m.error === null,
  );
  return result;
}
