import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTransport } from '../../src/api/transport.js';
import { json, scriptedServer } from '../support/scripted-server.js';

const S = z.looseObject({ status: z.literal(true) });
const saved = { ...process.env };
afterEach(() => {
  for (const k of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

/** A CONNECT proxy that records the targets asked for and tunnels every one to `port` on 127.0.0.1. */
async function tunnelProxy(port: number) {
  const targets: string[] = [];
  const proxy = createServer();
  proxy.on('connect', (req, socket) => {
    targets.push(req.url ?? '');
    const upstream = connect(port, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    targets,
    close: () => {
      proxy.closeAllConnections();
      return new Promise<void>((r) => proxy.close(() => r()));
    },
  };
}

describe('transport: proxies from the environment', () => {
  it('sends requests through HTTP_PROXY', async () => {
    const srv = await scriptedServer((_, res) => json(res, 200, { status: true }));
    const port = Number(new URL(srv.url).port);
    const proxy = await tunnelProxy(port);
    process.env.HTTP_PROXY = proxy.url;
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    const t = createTransport({ baseUrl: `http://api.example.test:${port}/v1`, apiKey: 'k' });
    await expect(t.request({ method: 'GET', path: '/core/stocks', schema: S })).resolves.toBeTruthy();
    expect(proxy.targets).toEqual([`api.example.test:${port}`]);
    expect(srv.seen[0]?.url).toBe('/v1/core/stocks');
    await t.close();
    await proxy.close();
    await srv.close();
  });

  it('goes direct for hosts in NO_PROXY', async () => {
    const srv = await scriptedServer((_, res) => json(res, 200, { status: true }));
    const proxy = await tunnelProxy(Number(new URL(srv.url).port));
    process.env.HTTP_PROXY = proxy.url;
    process.env.NO_PROXY = '127.0.0.1';
    const t = createTransport({ baseUrl: srv.url, apiKey: 'k' });
    await t.request({ method: 'GET', path: '/core/stocks', schema: S });
    expect(proxy.targets).toEqual([]);
    expect(srv.seen).toHaveLength(1);
    await t.close();
    await proxy.close();
    await srv.close();
  });
});
