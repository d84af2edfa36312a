import { describe, expect, it } from 'vitest';
import { explainEngineError } from './explain-engine-error.js';
import { parseEngineUrl, type TlsDefaults } from './parse-engine-url.js';

const tls: TlsDefaults = { mode: 'verify', certDir: '/certs', certDirFrom: 'DOCKER_CERT_PATH' };
const off: TlsDefaults = { ...tls, mode: 'off' };
const parse = (text: string, defaults = off) =>
  parseEngineUrl(text, { origin: '', tls: defaults, home: '/h' });
const error = (fields: Record<string, unknown>) => Object.assign(new Error(''), fields);

describe('explainEngineError', () => {
  it('says where the engine does not answer', () => {
    const socket = parse('unix:///x.sock');
    expect(explainEngineError(error({ code: 'ENOENT' }), socket)).toEqual({
      code: 'engine_unreachable',
      reason: 'no socket at /x.sock',
    });
    expect(explainEngineError(error({ code: 'EACCES' }), socket).code).toBe('engine_refused');
    expect(explainEngineError(error({ code: 'ECONNREFUSED' }), parse('tcp://h:1')).reason).toBe(
      'connection refused at h:1',
    );
  });

  it('tells a certificate the client rejects from one the engine rejects', () => {
    const engine = parse('tcp://h', tls);
    const verify = explainEngineError(
      error({
        code: 'SELF_SIGNED_CERT_IN_CHAIN',
        message: 'self-signed certificate in certificate chain',
      }),
      engine,
    );
    expect(verify.code).toBe('engine_tls_failed');
    expect(verify.reason).toMatch(/does not check out against \/certs\/ca\.pem/);
    const alert = error({
      code: 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
      message: '8040:error:0A000412:SSL routines:ssl3_read_bytes:sslv3 alert bad certificate:x',
    });
    expect(explainEngineError(alert, engine, true).reason).toBe(
      'TLS handshake failed: the engine refused the client certificate /certs/cert.pem (alert bad certificate)',
    );
    expect(explainEngineError(alert, engine, false).reason).toMatch(
      /wants a client certificate and \/certs has no cert\.pem and key\.pem/,
    );
  });

  it('says to turn TLS on when the engine speaks it, and spots a server that is not Docker', () => {
    const plain = parse('tcp://h:2376');
    const tlsNeeded = error({
      statusCode: 400,
      json: 'Client sent an HTTP request to an HTTPS server.\n',
    });
    expect(explainEngineError(tlsNeeded, plain).reason).toMatch(/set DOCKER_TLS_VERIFY=1/);
    expect(explainEngineError(error({ statusCode: 404 }), plain)).toEqual({
      code: 'engine_refused',
      reason: 'h:2376 answers HTTP 404 where a Docker engine would answer: not a Docker engine API',
    });
  });
});
