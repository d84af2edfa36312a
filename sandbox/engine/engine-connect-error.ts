import { RpeError } from '../../framework/errors.js';

/**
 * An engine that cannot be used, in one line naming its URL. `reason` says why without the URL,
 * for the places (doctor, a pool) that show the URL beside it.
 */
export type EngineConnectCode =
  'engine_unreachable' | 'engine_tls_failed' | 'engine_tls_files' | 'engine_refused';

export class EngineConnectError extends RpeError {
  readonly url: string;
  readonly reason: string;

  constructor(
    code: EngineConnectCode,
    url: string,
    reason: string,
    options: { hint?: string; cause?: unknown } = {},
  ) {
    const lead =
      code === 'engine_unreachable'
        ? `no Docker engine answers at ${url}`
        : `cannot use the Docker engine at ${url}`;
    super(code, `${lead}: ${reason}${options.hint ?? ''}`, { cause: options.cause });
    this.url = url;
    this.reason = reason;
  }
}
