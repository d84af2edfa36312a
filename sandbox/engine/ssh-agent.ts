import { spawn } from 'node:child_process';
import { Agent } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import type { DockerEndpoint } from './parse-engine-url.js';

type SshEndpoint = Extract<DockerEndpoint, { kind: 'ssh' }>;

/** The longest stderr of ssh kept for an error message. */
const STDERR_CAP = 4096;

/** The code of an error of the ssh transport itself (ssh could not start, or ended). */
export const SSH_TRANSPORT_ERROR = 'ERR_SSH_TRANSPORT';

// An error of the ssh transport, marked so that it is told from an answer of the engine.
function transportError(message: string): Error {
  return Object.assign(new Error(message), { code: SSH_TRANSPORT_ERROR });
}

// The docker CLI's command for ssh:// hosts: the system's ssh (its config, keys, agent and
// known_hosts) running `docker system dial-stdio` on the remote machine.
export function sshCommand(endpoint: SshEndpoint): string[] {
  return [
    '-o',
    'BatchMode=yes',
    ...(endpoint.user ? ['-l', endpoint.user] : []),
    ...(endpoint.port ? ['-p', String(endpoint.port)] : []),
    '--',
    endpoint.host,
    'docker',
    'system',
    'dial-stdio',
  ];
}

// One HTTP connection to the remote engine: a duplex over one ssh process's stdin and stdout.
// Its end waits for ssh to exit, so a failed login surfaces as ssh's own last line of stderr.
function dial(endpoint: SshEndpoint): Duplex {
  const child = spawn('ssh', sshCommand(endpoint), { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_CAP);
  });
  const socket: Duplex = new Duplex({
    read: () => child.stdout.resume(),
    // A write into a dead ssh is not the error to report: its exit status, below, is.
    write: (chunk: Buffer, _encoding, done) => child.stdin.write(chunk, () => done()),
    final: (done) => child.stdin.end(done),
    destroy: (error, done) => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      done(error);
    },
  });
  child.stdout.on('data', (chunk: Buffer) => {
    if (!socket.push(chunk)) child.stdout.pause();
  });
  // ssh gone mid-write: its exit status (below) says why.
  child.stdin.on('error', () => undefined);
  child.on('error', (error: NodeJS.ErrnoException) =>
    socket.destroy(transportError(`cannot run ssh (${error.code ?? error.message})`)),
  );
  child.on('close', (code) => {
    if (code === 0 || socket.destroyed) return void socket.push(null);
    const last = stderr
      .trim()
      .split('\n')
      .pop()
      ?.replace(/^ssh:\s*/, '')
      .trim();
    socket.destroy(transportError(last || `ssh exited with status ${code}`));
  });
  const pipes = [child.stdout, child.stdin, child.stderr] as unknown as Socket[];
  // What the HTTP client asks of a socket; idle kept-alive connections must not hold the process.
  return Object.assign(socket, {
    setKeepAlive: () => socket,
    setNoDelay: () => socket,
    setTimeout: () => socket,
    ref: () => {
      child.ref();
      for (const pipe of pipes) pipe.ref();
      return socket;
    },
    unref: () => {
      child.unref();
      for (const pipe of pipes) pipe.unref();
      return socket;
    },
  });
}

// An HTTP agent whose connections reach the engine behind an ssh:// URL, as the docker CLI does.
export function sshAgent(endpoint: SshEndpoint): Agent {
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 4 });
  agent.createConnection = () => dial(endpoint) as unknown as Socket;
  return agent;
}
