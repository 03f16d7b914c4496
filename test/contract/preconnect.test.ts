/**
 * The connection to the service opened while the app loads (src/api/preconnect.ts): open before the client asks,
 * taken by the client's first request (over HTTP and TLS), and let go for a fresh one when the service closed it.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/api/errors.js';
import { preconnect } from '../../src/api/preconnect.js';
import { createTransport, type HttpTransport } from '../../src/api/transport.js';

const tls = (f: string) =>
  readFileSync(new URL(`../fixtures/tls/localhost-${f}.pem`, import.meta.url), 'utf8');
const CERT = tls('cert');
const KEY = tls('key');

/** A service that answers every GET with an envelope, and tells which connection each request came on. */
async function service(secure: boolean, onConnection: (s: Socket, n: number) => void = () => {}) {
  const sockets: Socket[] = [];
  const served: Socket[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    served.push(req.socket);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: true, message: 'ok' }));
  };
  const server = secure ? createHttpsServer({ cert: CERT, key: KEY }, answer) : createHttpServer(answer);
  server.on(secure ? 'secureConnection' : 'connection', (s: Socket) => {
    sockets.push(s);
    onConnection(s, sockets.length);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${secure ? 'https' : 'http'}://${secure ? 'localhost' : '127.0.0.1'}:${port}/v1`,
    sockets,
    served,
    close: () => {
      server.closeAllConnections?.();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const ENVELOPE = z.looseObject({ status: z.boolean() });
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function transportTo(url: string, pre: ReturnType<typeof preconnect>): HttpTransport {
  const t = createTransport({ baseUrl: url, apiKey: 'k', ...(pre ? { preconnection: pre } : {}) });
  cleanup.push(() => t.close());
  return t;
}

const get = (t: HttpTransport, path: string) => t.request({ method: 'GET', path, schema: ENVELOPE });

describe('the connection opened ahead', () => {
  for (const secure of [false, true]) {
    it(`${secure ? 'TLS' : 'TCP'}: open before the client asks; the first screen's requests go over them`, async () => {
      const s = await service(secure);
      cleanup.push(s.close);
      const pre = preconnect(s.url, { count: 2, env: {}, ca: CERT });
      expect(pre?.origin).toBe(new URL(s.url).origin);
      // the service has them (and, for TLS, the handshakes are done) before any client exists
      await vi.waitFor(() => expect(s.sockets).toHaveLength(2), { timeout: 5000 });
      const t = transportTo(s.url, pre);
      // the first screen's requests leave together, one on each
      await Promise.all([get(t, '/a'), get(t, '/b')]);
      expect(s.sockets).toHaveLength(2);
      expect(new Set(s.served)).toEqual(new Set(s.sockets));
    });
  }

  it('closed by the service before the first request: the client connects anew', async () => {
    let closed = () => {};
    const closing = new Promise<void>((r) => {
      closed = r;
    });
    const s = await service(false, (socket, n) => {
      if (n === 1) socket.destroy().once('close', closed);
    });
    cleanup.push(s.close);
    const pre = preconnect(s.url, { count: 1, env: {} });
    // the request leaves at once after the close is sent: the client has not read it yet
    await closing;
    const t = transportTo(s.url, pre);
    await get(t, '/a');
    expect(s.sockets).toHaveLength(2);
    expect(s.served).toEqual([s.sockets[1]]);
  });

  it('a handshake that never ends holds the request no longer than the connect timeout; then the client connects', async () => {
    // Takes the TCP connection and never answers TLS (a black hole past the first packet).
    const sockets: Socket[] = [];
    const hole = createTcpServer((c) => {
      sockets.push(c);
      c.on('error', () => {});
    });
    await new Promise<void>((r) => hole.listen(0, '127.0.0.1', r));
    cleanup.push(
      () =>
        new Promise<void>((r) => {
          for (const c of sockets) c.destroy();
          hole.close(() => r());
        }),
    );
    const url = `https://localhost:${(hole.address() as AddressInfo).port}/v1`;
    const pre = preconnect(url, { count: 1, env: {}, timeoutMs: 300 });
    const t = createTransport({ baseUrl: url, apiKey: 'k', preconnection: pre, connectTimeoutMs: 300 });
    cleanup.push(() => t.close());
    const e = await get(t, '/a').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).kind).toBe('timeout');
    // the one opened ahead, let go; then the client's own, which timed out in turn
    expect(sockets).toHaveLength(2);
  });

  it('sets its socket up as undici does its own (a 64 KB read buffer); taken once', async () => {
    const s = await service(false);
    cleanup.push(s.close);
    const pre = preconnect(s.url, { count: 1, env: {} });
    const socket = await pre?.take();
    cleanup.push(async () => socket?.destroy());
    expect(socket?.readyState).toBe('open');
    expect(socket?.readableHighWaterMark).toBe(64 * 1024);
    expect(await pre?.take()).toBeUndefined();
  });

  it('nothing is opened when a proxy is in the way, nor for a URL that is not http(s)', () => {
    expect(
      preconnect('https://infrahub-api.nexgencloud.com/v1', {
        count: 2,
        env: { HTTPS_PROXY: 'http://proxy:3128' },
      }),
    ).toBe(undefined);
    expect(
      preconnect('https://infrahub-api.nexgencloud.com/v1', {
        count: 2,
        env: { http_proxy: 'http://proxy:3128' },
      }),
    ).toBe(undefined);
    expect(preconnect('ftp://example.com', { count: 2, env: {} })).toBe(undefined);
  });
});
