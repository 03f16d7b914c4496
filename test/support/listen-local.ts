// A test server on 127.0.0.1 at a free port that keeps its open connections, so that `close` can end them (a
// keep-alive client would otherwise hold server.close() open).
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Listening {
  /** http://127.0.0.1:PORT followed by the path given. */
  url: string;
  /** TCP connections accepted so far (keep-alive means few). */
  connections(): number;
  /** Server-side sockets still open. */
  openSockets(): number;
  close(): Promise<void>;
}

export async function listenLocal(server: Server, path = ''): Promise<Listening> {
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on('connection', (s) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    connections: () => connections,
    openSockets: () => sockets.size,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
