// The private engines of this test run, beside the main one: a second dockerd on a socket and on
// TLS TCP, and an sshd that reaches the main engine. The first test file that needs them starts
// them (scripts/ci/start-test-engines.sh) under the run's folder (global-setup.ts), on free ports;
// the run stops them when it ends. When they cannot be started, the pool tests are skipped loudly
// (or fail, under CI).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import {
  connectEngine,
  parseEngineUrl,
  readEngineConfig,
  type Engine,
} from '../../sandbox/engine/index.js';
import { withFolderLockSync } from '../folder-lock.js';

const START = join(import.meta.dirname, '..', '..', 'scripts', 'ci', 'start-test-engines.sh');
const config = readEngineConfig();
const runDir = inject('rpeTestRun');

// Starts (again) what does not answer; a lock folder makes test files of the run take turns.
function startEngines(): Record<string, string> {
  if (!runDir) throw new Error('no run folder: run the tests with vitest.config.ts (npm test)');
  withFolderLockSync(join(runDir, 'start.lock'), () => {
    try {
      execFileSync('bash', [START, runDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
      throw new Error(stderr.split('\n').at(-1) || (error as Error).message, { cause: error });
    }
  });
  const found: Record<string, string> = {};
  for (const line of readFileSync(join(runDir, 'engines.env'), 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) found[match[1]!] = match[2]!;
  }
  return found;
}

let started: Record<string, string> = {};
let failure: Error | null = null;
try {
  started = startEngines();
} catch (error) {
  failure = error as Error;
}

/** The second engine's socket, in the run's folder; in its own mount namespace with a private /tmp. */
export const ENGINE2 = started.ENGINE2 ?? 'unix:///nonexistent/engine2.sock';
/** The second engine's pid file: a test kills it to see a batch lose nothing. */
export const ENGINE2_PID = started.ENGINE2_PID ?? '/nonexistent/dockerd.pid';
/** The same daemon over TCP with TLS and client certificates, on a free port. */
export const TLS_ENGINE = started.TLS_ENGINE ?? 'tcp://127.0.0.1:1';
/** ca.pem, cert.pem and key.pem of a client the TLS engine accepts. */
export const TLS_CLIENT_DIR = started.TLS_CLIENT_DIR ?? '/nonexistent';
/** The CA and server key the TLS engine was made with (a test makes a client it does not know). */
export const TLS_DIR = started.TLS_DIR ?? '/nonexistent';
/** An ssh alias of this run for an sshd that reaches the main engine. */
export const SSH_ENGINE = started.SSH_ENGINE ?? 'ssh://nonexistent';
/** The main engine: RPE_TEST_ENGINE (vitest.config.ts makes it DOCKER_HOST), else DOCKER_HOST's. */
export const MAIN_ENGINE = config.endpoint.url;

/** Starts again what of the run's engines no longer answers (after a test killed the second). */
export function restartTestEngines(): void {
  startEngines();
}

async function connect(url: string): Promise<Engine> {
  const endpoint = parseEngineUrl(url, { ...config, origin: '' });
  return connectEngine({ ...config, endpoint });
}

// Connects to all three; engines just started on a loaded machine may take more than one try.
async function connectAll(): Promise<{ engine2: Engine; tls: Engine; ssh: Engine }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [engine2, tls, ssh] = await Promise.all([
        connect(ENGINE2),
        connect(`${TLS_ENGINE}#certs=${TLS_CLIENT_DIR}`),
        connect(SSH_ENGINE),
      ]);
      return { engine2, tls, ssh };
    } catch (error) {
      if (attempt === 6) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
}

async function find(): Promise<{ engine2: Engine; tls: Engine; ssh: Engine } | null> {
  try {
    if (failure) throw failure;
    return await connectAll();
  } catch (error) {
    if (config.ci) throw error;
    process.stderr.write(
      `\n${'!'.repeat(78)}\n!! SKIPPED: the engine pool tests need the run's private test engines: ${(error as Error).message}\n` +
        `!! They are started by scripts/ci/start-test-engines.sh, as root. Under CI (CI set) these tests fail instead.\n${'!'.repeat(78)}\n\n`,
    );
    return null;
  }
}

/** The test engines, or null when they cannot be started outside CI. */
export const testEngines = await find();
