import { withTimeout, type Engine } from './connect-engine.js';
import { explainEngineError } from './explain-engine-error.js';

type Abortable = (options: { abortSignal: AbortSignal }) => Promise<unknown>;

// Whether a connected engine still answers (`GET /_ping`): null when it does, else why not.
export async function pingEngine(engine: Engine, timeoutMs: number): Promise<string | null> {
  const answer = await withTimeout(
    engine.docker.ping.bind(engine.docker) as unknown as Abortable,
    timeoutMs,
  );
  if (answer.ok) return null;
  if (answer.timedOut) return `no answer within ${timeoutMs / 1000} s`;
  return explainEngineError(answer.error, engine.config.endpoint).reason;
}
