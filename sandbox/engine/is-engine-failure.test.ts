import { describe, expect, it } from 'vitest';
import { isEngineFailure } from './is-engine-failure.js';

const error = (fields: Record<string, unknown>, message = '') =>
  Object.assign(new Error(message), fields);

describe('isEngineFailure', () => {
  it('counts a connection that broke or could not be made', () => {
    expect(isEngineFailure(error({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isEngineFailure(error({ code: 'ECONNRESET' }))).toBe(true);
    expect(isEngineFailure(error({ code: 'ENOENT', syscall: 'connect' }))).toBe(true);
    expect(isEngineFailure(error({}, 'socket hang up'))).toBe(true);
    expect(isEngineFailure(error({ code: 'ERR_SSH_TRANSPORT' }, 'Connection closed'))).toBe(true);
    expect(isEngineFailure(error({ code: 'engine_lost' }, 'lost the Docker engine'))).toBe(true);
    // Through the cause chain, as the executor rethrows it.
    expect(isEngineFailure(new Error('lost', { cause: error({ code: 'EPIPE' }) }))).toBe(true);
  });

  it('does not count an answer of the engine, a file of the client or a plain failure', () => {
    expect(isEngineFailure(error({ statusCode: 500 }, 'connection reset inside'))).toBe(false);
    expect(isEngineFailure(error({ statusCode: 409 }, 'container is not running'))).toBe(false);
    expect(isEngineFailure(error({ code: 'ENOENT', syscall: 'open' }))).toBe(false);
    expect(isEngineFailure(new Error('reading the output failed (exit 1)'))).toBe(false);
    // A clone of a submission whose host refused is not the engine.
    expect(isEngineFailure(new Error('git clone: connect: Connection refused'))).toBe(false);
    expect(isEngineFailure(null)).toBe(false);
    expect(isEngineFailure('ECONNREFUSED')).toBe(false);
  });
});
