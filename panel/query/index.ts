// The public door of panel/query: asking a panel of models through an OpenAI-compatible endpoint.
export { SYSTEM_MESSAGE, DECODING, type Decoding } from './system-message.js';
export { parseDotEnv } from './parse-dot-env.js';
export {
  loadEvalConfig,
  chatCompletionsUrl,
  type EvalConfig,
  type LoadEvalConfigOptions,
} from './load-eval-config.js';
export { parseModelsList } from './parse-models-list.js';
export { readModelsFile, MAX_MODELS_FILE_BYTES } from './read-models-file.js';
export { readSmallFile } from './read-small-file.js';
export { modelFileName } from './model-file-name.js';
export { responseKey, type ResponseKeyParts } from './response-key.js';
export {
  requestChatCompletion,
  parseRetryAfter,
  MAX_BODY_BYTES,
  type ChatRequest,
  type ChatOutcome,
} from './request-chat-completion.js';
export {
  askWithRetries,
  isRetryable,
  retryDelay,
  type RetryPolicy,
  type RetriedOutcome,
} from './ask-with-retries.js';
export {
  responseRecordSchema,
  readResponseCache,
  appendResponse,
  writeResponseFile,
  type ResponseRecord,
  type ResponseCache,
} from './response-cache.js';
export {
  queryModels,
  type QueryOptions,
  type QueryResult,
  type QueryFailure,
  type ModelQuerySummary,
  type QueryWarning,
} from './query-models.js';
export { queryWarnings } from './query-warnings.js';
export {
  createEndpointBreaker,
  REPEATED_FAILURES,
  type EndpointBreaker,
  type QueryHalt,
} from './endpoint-breaker.js';
