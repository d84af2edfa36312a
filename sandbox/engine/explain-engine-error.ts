import type { EngineConnectCode } from './engine-connect-error.js';
import type { DockerEndpoint } from './parse-engine-url.js';

interface ClientError {
  code?: string;
  message?: string;
  statusCode?: number;
  json?: unknown;
}

const TLS_VERIFY_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]?.trim() ?? '';
}

function where(endpoint: DockerEndpoint): string {
  if (endpoint.kind === 'unix') return endpoint.socketPath;
  if (endpoint.kind === 'ssh') return endpoint.host;
  return `${endpoint.host}:${endpoint.port}`;
}

// Turns what the client library or the network threw into one line an organiser can act on.
export function explainEngineError(
  error: unknown,
  endpoint: DockerEndpoint,
  clientCertificate = false,
): { code: EngineConnectCode; reason: string } {
  const e = (error ?? {}) as ClientError;
  const code = e.code ?? '';
  const message = firstLine(e.message);
  const at = where(endpoint);
  if (code === 'ENOENT') return { code: 'engine_unreachable', reason: `no socket at ${at}` };
  if (code === 'EACCES')
    return {
      code: 'engine_refused',
      reason: `permission denied on ${at} (run as root or as a member of the docker group)`,
    };
  if (code === 'ECONNREFUSED')
    return { code: 'engine_unreachable', reason: `connection refused at ${at}` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { code: 'engine_unreachable', reason: `the host name ${at} does not resolve` };
  if (['EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EPIPE'].includes(code))
    return { code: 'engine_unreachable', reason: `${code} at ${at}` };
  const tls = endpoint.kind === 'tcp' ? endpoint.tls : null;
  if (TLS_VERIFY_CODES.has(code))
    return {
      code: 'engine_tls_failed',
      reason: `TLS handshake failed: the engine's certificate does not check out against ${
        tls?.certDir ? `${tls.certDir}/ca.pem` : "the system's CAs"
      } (${message})`,
    };
  if (/alert (bad certificate|certificate required|unknown ca|handshake failure)/i.test(message)) {
    const alert = message.replace(/^.*?(alert [a-z ]+).*$/i, '$1').trim();
    const dir = tls?.certDir ?? 'the TLS folder';
    return {
      code: 'engine_tls_failed',
      reason: clientCertificate
        ? `TLS handshake failed: the engine refused the client certificate ${dir}/cert.pem (${alert})`
        : `TLS handshake failed: the engine wants a client certificate and ${dir} has no cert.pem and key.pem (${alert})`,
    };
  }
  if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || /SSL routines/.test(message))
    return { code: 'engine_tls_failed', reason: `TLS handshake failed: ${message}` };
  const body = typeof e.json === 'string' ? e.json : Buffer.isBuffer(e.json) ? String(e.json) : '';
  if (e.statusCode === 400 && /HTTP request to an HTTPS server/i.test(body + message))
    return {
      code: 'engine_tls_failed',
      reason:
        'the engine speaks TLS: set DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH, or add #certs=DIR to its URL',
    };
  if (e.statusCode)
    return {
      code: 'engine_refused',
      reason: `${at} answers HTTP ${e.statusCode} where a Docker engine would answer: not a Docker engine API`,
    };
  if (endpoint.kind === 'ssh' && message)
    return { code: 'engine_unreachable', reason: `ssh: ${message}` };
  return { code: 'engine_unreachable', reason: message || code || 'unknown error' };
}
