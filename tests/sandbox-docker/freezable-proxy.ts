// A TCP front for an engine's socket that can go silent, as a remote engine does when its host
// hangs or the network between drops packets: connections stay open and nothing comes back.
import { createConnection, createServer, type Socket } from 'node:net';

export interface FreezableProxy {
  /** tcp://127.0.0.1:<port>, plain HTTP to the engine behind. */
  url: string;
  /** From now on nothing is forwarded either way, on open connections and new ones alike. */
  freeze(): void;
  /** Drops every connection and stops listening. */
  close(): Promise<void>;
}

// Listens on a free port of the loopback and forwards each connection to `socketPath`.
export async function startFreezableProxy(socketPath: string): Promise<FreezableProxy> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const keep = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = createServer((client) => {
    keep(client);
    if (frozen) return;
    const engine = createConnection(socketPath);
    keep(engine);
    client.pipe(engine);
    engine.pipe(client);
    client.on('close', () => engine.destroy());
    engine.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    url: `tcp://127.0.0.1:${address.port}`,
    freeze() {
      frozen = true;
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
