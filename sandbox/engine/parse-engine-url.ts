import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { RpeError } from '../../framework/errors.js';

/** TLS towards a TCP engine, as the docker CLI sets it up from DOCKER_TLS_VERIFY and DOCKER_CERT_PATH. */
export interface EngineTls {
  /** Check the engine's certificate against ca.pem (false only for DOCKER_TLS without _VERIFY). */
  verify: boolean;
  /** The folder holding ca.pem, cert.pem and key.pem; null for https:// with the system's CAs. */
  certDir: string | null;
  /** Where certDir came from, for error messages: `DOCKER_CERT_PATH`, `#certs=` or `~/.docker`. */
  certDirFrom: string;
}

/** The TLS settings of the environment, applied to every TCP engine without its own #certs=. */
export interface TlsDefaults {
  mode: 'off' | 'verify' | 'no-verify';
  certDir: string;
  certDirFrom: string;
}

interface EndpointBase {
  /** The engine's address as given, without its #settings: what messages and reports show. */
  url: string;
  /** The #jobs=N override of the engine's capacity; null means its CPU count. */
  jobs: number | null;
}

/** One Docker engine: where it answers, how to reach it, and the capacity a pool gives it. */
export type DockerEndpoint =
  | (EndpointBase & { kind: 'unix'; socketPath: string })
  | (EndpointBase & {
      kind: 'tcp';
      host: string;
      port: number;
      protocol: 'http' | 'https';
      tls: EngineTls | null;
    })
  | (EndpointBase & { kind: 'ssh'; host: string; port: number | null; user: string | null });

export const DEFAULT_SOCKET = '/var/run/docker.sock';

const settingsSchema = z
  .object({
    jobs: z.coerce
      .number({ error: 'jobs must be a number' })
      .int('jobs must be a whole number')
      .min(1, 'jobs must be at least 1')
      .max(1024, 'jobs must be at most 1024')
      .optional(),
    certs: z.string().min(1, 'certs needs a folder').optional(),
  })
  .strict();

function fail(origin: string, text: string, what: string): never {
  throw new RpeError('engine_url_invalid', `${origin}${text}: ${what}`);
}

const USAGE =
  'use unix:///path/docker.sock, tcp://host[:port], ssh://[user@]host[:port], optionally followed by #jobs=N or #certs=DIR';

function parseSettings(fragment: string, origin: string, text: string) {
  const entries: Record<string, string> = {};
  for (const part of fragment.split('&').filter(Boolean)) {
    const [key = '', ...rest] = part.split('=');
    if (key in entries) fail(origin, text, `#${key} is given twice`);
    entries[key] = rest.join('=');
  }
  const parsed = settingsSchema.safeParse(entries);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const what =
      issue?.code === 'unrecognized_keys'
        ? `unknown setting #${issue.keys[0]} (known: #jobs=N, #certs=DIR)`
        : (issue?.message ?? 'invalid settings');
    fail(origin, text, what);
  }
  return parsed.data;
}

// The TLS of a TCP engine: its own #certs= folder, else the environment's, else none.
function tlsFor(
  certs: string | undefined,
  defaults: TlsDefaults,
  home: string,
  https: boolean,
): EngineTls | null {
  if (certs !== undefined) {
    const dir = certs.startsWith('~/') ? join(home, certs.slice(2)) : resolve(certs);
    return { verify: true, certDir: dir, certDirFrom: '#certs=' };
  }
  if (defaults.mode === 'off')
    return https ? { verify: true, certDir: null, certDirFrom: 'the system' } : null;
  return {
    verify: defaults.mode === 'verify',
    certDir: defaults.certDir,
    certDirFrom: defaults.certDirFrom,
  };
}

/**
 * Parses one engine address the way the docker CLI reads DOCKER_HOST, plus `#jobs=N` and
 * `#certs=DIR`. `origin` names where the text came from (`DOCKER_HOST=`, `--engine`, `file line 3:`).
 */
export function parseEngineUrl(
  input: string,
  options: { origin: string; tls: TlsDefaults; home: string },
): DockerEndpoint {
  const text = input.trim();
  const { origin } = options;
  const hash = text.indexOf('#');
  const url = hash < 0 ? text : text.slice(0, hash);
  const settings = parseSettings(hash < 0 ? '' : text.slice(hash + 1), origin, text);
  const jobs = settings.jobs ?? null;
  if (url.startsWith('unix://')) {
    const socketPath = url.slice('unix://'.length);
    if (!isAbsolute(socketPath)) fail(origin, text, 'the socket path must be absolute');
    if (settings.certs) fail(origin, text, '#certs= applies to tcp:// engines only');
    return { kind: 'unix', url, socketPath, jobs };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    fail(origin, text, USAGE);
  }
  const scheme = parsed.protocol.replace(/:$/, '');
  if (!['ssh', 'tcp', 'http', 'https'].includes(scheme)) fail(origin, text, USAGE);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) fail(origin, text, `no host; ${USAGE}`);
  if ((parsed.pathname && parsed.pathname !== '/') || parsed.search)
    fail(origin, text, 'a path or query is not allowed after the host');
  const port = parsed.port ? Number(parsed.port) : null;
  if (scheme === 'ssh') {
    if (settings.certs) fail(origin, text, '#certs= applies to tcp:// engines only');
    if (parsed.password) fail(origin, text, 'a password in the URL is not supported: use a key');
    return { kind: 'ssh', url, host, port, user: parsed.username || null, jobs };
  }
  if (parsed.username) fail(origin, text, 'a user name applies to ssh:// engines only');
  if (scheme === 'http' && settings.certs)
    fail(origin, text, 'http:// cannot use TLS: use tcp:// or https://');
  const tls =
    scheme === 'http'
      ? null
      : tlsFor(settings.certs, options.tls, options.home, scheme === 'https');
  return {
    kind: 'tcp',
    url,
    host,
    // The docker CLI's defaults: 2376 with TLS, 2375 without.
    port: port ?? (tls ? 2376 : 2375),
    protocol: tls ? 'https' : 'http',
    tls,
    jobs,
  };
}
