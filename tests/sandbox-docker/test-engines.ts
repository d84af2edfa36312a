// The engines that scripts/ci/start-test-engines.sh starts beside the main one: a second dockerd
// on a socket and on TLS TCP, and an sshd that reaches the main engine. Found once; when they do
// not answer, the pool tests are skipped loudly (or fail, under CI).
import {
  connectEngine,
  parseEngineUrl,
  readEngineConfig,
  type Engine,
} from '../../sandbox/engine/index.js';

/** The second engine's socket; in its own mount namespace with a private /tmp. */
export const ENGINE2 = 'unix:///run/rpe-engine2/docker.sock';
/** The second engine's dockerd, which a test kills to see a batch lose nothing. */
export const ENGINE2_PID = '/run/rpe-engine2/dockerd.pid';
/** The same daemon over TCP with TLS and client certificates. */
export const TLS_ENGINE = 'tcp://127.0.0.1:2376';
/** ca.pem, cert.pem and key.pem of a client the TLS engine accepts. */
export const TLS_CLIENT_DIR = '/var/lib/rpe-engine2-tls/client';
/** The CA and server key the TLS engine was made with (a test makes a client it does not know). */
export const TLS_DIR = '/var/lib/rpe-engine2-tls';
/** An ssh alias (in /etc/ssh/ssh_config.d/) for an sshd that reaches the main engine. */
export const SSH_ENGINE = 'ssh://rpe-test-engine';
export const MAIN_ENGINE = 'unix:///var/run/docker.sock';

const config = readEngineConfig();

async function connect(url: string): Promise<Engine> {
  const endpoint = parseEngineUrl(url, { ...config, origin: '' });
  return connectEngine({ ...config, endpoint });
}

async function find(): Promise<{ engine2: Engine; tls: Engine; ssh: Engine } | null> {
  try {
    const [engine2, tls, ssh] = await Promise.all([
      connect(ENGINE2),
      connect(`${TLS_ENGINE}#certs=${TLS_CLIENT_DIR}`),
      connect(SSH_ENGINE),
    ]);
    return { engine2, tls, ssh };
  } catch (error) {
    if (config.ci) throw error;
    process.stderr.write(
      `\n${'!'.repeat(78)}\n!! SKIPPED: the engine pool tests need the test engines: ${(error as Error).message}\n` +
        `!! Start them with \`sudo bash scripts/ci/start-test-engines.sh\`. Under CI (CI set) these tests fail instead.\n${'!'.repeat(78)}\n\n`,
    );
    return null;
  }
}

/** The test engines, or null when they do not answer outside CI. */
export const testEngines = await find();
