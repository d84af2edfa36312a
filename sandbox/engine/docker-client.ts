import { readFile } from 'node:fs/promises';
import { Agent as HttpsAgent } from 'node:https';
import type { Agent } from 'node:http';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { EngineConnectError } from './engine-connect-error.js';
import type { DockerEndpoint, EngineTls } from './parse-engine-url.js';
import { sshAgent } from './ssh-agent.js';

interface TlsMaterial {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
}

async function readPem(
  url: string,
  tls: EngineTls,
  name: string,
  required: boolean,
): Promise<Buffer | undefined> {
  const path = join(tls.certDir ?? '', name);
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !required) return undefined;
    const what = code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new EngineConnectError(
      'engine_tls_files',
      url,
      `cannot read ${path} (the TLS folder from ${tls.certDirFrom}): ${what}`,
      { cause: error },
    );
  }
}

// The certificates the docker CLI would use: ca.pem to verify; cert.pem and key.pem when present.
async function readTlsMaterial(url: string, tls: EngineTls): Promise<TlsMaterial> {
  if (tls.certDir === null) return {};
  const [ca, cert, key] = await Promise.all([
    readPem(url, tls, 'ca.pem', tls.verify),
    readPem(url, tls, 'cert.pem', false),
    readPem(url, tls, 'key.pem', false),
  ]);
  if (Boolean(cert) !== Boolean(key))
    throw new EngineConnectError(
      'engine_tls_files',
      url,
      `${join(tls.certDir, cert ? 'key.pem' : 'cert.pem')} is missing beside ${cert ? 'cert.pem' : 'key.pem'} (the TLS folder from ${tls.certDirFrom})`,
    );
  return { ca, cert, key };
}

// Every connection setting spelled out: docker-modem would otherwise fill the gaps from
// DOCKER_HOST, DOCKER_CERT_PATH and DOCKER_TLS_VERIFY, which the config has already read its own way.
const NOTHING_FROM_ENV = {
  socketPath: undefined,
  host: undefined,
  port: undefined,
  protocol: undefined,
  username: undefined,
  ca: undefined,
  cert: undefined,
  key: undefined,
  timeout: undefined,
  pathPrefix: '/',
};

type ClientOptions = Omit<Dockerode.DockerOptions, 'protocol'> & {
  protocol?: 'http' | 'https';
  agent?: Agent;
  pathPrefix?: string;
};

async function construct(url: string, options: ClientOptions): Promise<Dockerode> {
  // Imported here, on the first client: a command that never reaches an engine (rpe check) does
  // not load it. The built CLI loads dist/sandbox/dockerode.js, one file without the BuildKit and
  // ssh2 parts the toolkit never uses (scripts/bundle-doors); the tests' sources, the package.
  const { default: Client } = await import('dockerode');
  try {
    return new Client({ ...NOTHING_FROM_ENV, ...options } as Dockerode.DockerOptions);
  } catch (error) {
    // docker-modem reads DOCKER_HOST and the certificates of DOCKER_CERT_PATH when it starts.
    throw new EngineConnectError(
      'engine_tls_files',
      url,
      `the Docker client library cannot start with this environment's DOCKER_HOST / DOCKER_CERT_PATH: ${String((error as Error).message).split('\n')[0]}`,
      { cause: error },
    );
  }
}

/** A client for one engine, and whether it presents a TLS client certificate. */
export interface DockerClient {
  docker: Dockerode;
  clientCertificate: boolean;
}

// A client for one engine: socket, plain TCP, TCP with TLS, or the docker CLI's ssh transport.
export async function dockerClient(endpoint: DockerEndpoint): Promise<DockerClient> {
  const plain = async (options: ClientOptions) => ({
    docker: await construct(endpoint.url, options),
    clientCertificate: false,
  });
  if (endpoint.kind === 'unix') return plain({ socketPath: endpoint.socketPath });
  if (endpoint.kind === 'ssh')
    return plain({
      host: endpoint.host,
      port: endpoint.port ?? 22,
      protocol: 'http',
      agent: sshAgent(endpoint),
    });
  const base = { host: endpoint.host, port: endpoint.port, protocol: endpoint.protocol };
  if (!endpoint.tls) return plain(base);
  const material = await readTlsMaterial(endpoint.url, endpoint.tls);
  const agent = new HttpsAgent({
    keepAlive: true,
    ...material,
    rejectUnauthorized: endpoint.tls.verify,
  });
  return {
    docker: await construct(endpoint.url, { ...base, ...material, agent }),
    clientCertificate: material.cert !== undefined,
  };
}
