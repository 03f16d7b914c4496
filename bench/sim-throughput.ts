import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { startSimulator } from '../src/sim/server.js';
import { report } from './stats.js';

const REQUESTS = 3000;
const CONCURRENCY = 16;

async function load(url: string, headers: Record<string, string>): Promise<number> {
  const dispatcher = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000 });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const r = await request(url, { headers, dispatcher });
        await r.body.text();
        if (r.statusCode !== 200) throw new Error(`HTTP ${r.statusCode} from ${url}`);
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  await dispatcher.close();
  return REQUESTS / secs;
}

/** Requests per second of the simulator versus a bare node:http server sending the same bytes, on loopback. */
export async function benchSimThroughput(): Promise<string> {
  const sim = await startSimulator({ rateLimitPerMinute: 0 });
  const headers = { api_key: sim.keys.admin };
  const path = '/core/dashboard';
  const sample = await (await fetch(sim.url + path, { headers })).text();
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(sample);
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${path}`;
  try {
    await load(sim.url + path, headers); // warm-up
    const simRps = await load(sim.url + path, headers);
    const bareRps = await load(bareUrl, headers);
    return report(
      'simulator throughput vs a bare node:http server (same body, loopback)',
      simRps / bareRps,
      undefined,
      `GET ${path}: simulator ${simRps.toFixed(0)} req/s, bare server ${bareRps.toFixed(0)} req/s (${REQUESTS} requests, ${CONCURRENCY} in flight)`,
    );
  } finally {
    bare.close();
    await sim.close();
  }
}
