/**
 * A proxy on 127.0.0.1 in front of the simulator that answers chosen requests itself (a real-shaped body from the
 * OpenAPI document, a real-shaped refusal) and passes every other request through unchanged. For UI tests that
 * render what the real service sends where the simulator would send something else.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  request,
  type ServerResponse,
} from 'node:http';
import { listenLocal } from './listen-local.js';

export interface Canned {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * What to answer for a request ("GET", "/core/clusters" below /v1): a canned answer, 'hang' (never answer: the
 * client's timeout decides), or undefined to pass it through.
 */
export type Override = (method: string, path: string) => Canned | 'hang' | undefined;

export interface OverrideProxy {
  url: string;
  /** The answers; replaceable while the app runs. */
  override: Override;
  close(): Promise<void>;
}

/** Sends a request on to the service at `up`; one that cannot reach it is a 502 to the client. */
export function forward(
  up: URL,
  to: { method: string | undefined; path: string; headers: IncomingHttpHeaders | OutgoingHttpHeaders },
  body: Buffer | string | undefined,
  res: ServerResponse,
  onAnswer: (answer: IncomingMessage) => void,
): void {
  const out = request(
    {
      host: up.hostname,
      port: up.port,
      method: to.method,
      path: to.path,
      headers: { ...to.headers, host: up.host },
    },
    onAnswer,
  );
  out.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  out.end(body);
}

export async function startOverrideProxy(target: string, override: Override): Promise<OverrideProxy> {
  const up = new URL(target);
  const base = up.pathname.replace(/\/$/, '');
  const proxy: OverrideProxy = { url: '', override, close: async () => {} };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', up);
      const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
      const canned = proxy.override(req.method ?? 'GET', path);
      if (canned === 'hang') return;
      if (canned) {
        res.writeHead(canned.status, { 'content-type': 'application/json', ...canned.headers });
        res.end(typeof canned.body === 'string' ? canned.body : JSON.stringify(canned.body));
        return;
      }
      const body = Buffer.concat(chunks);
      const to = { method: req.method, path: `${url.pathname}${url.search}`, headers: req.headers };
      forward(up, to, body, res, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
    });
  });
  const listening = await listenLocal(server, up.pathname);
  proxy.url = listening.url;
  proxy.close = listening.close;
  return proxy;
}
