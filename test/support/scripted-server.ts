import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocal } from './listen-local.js';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Script = (req: Seen, res: ServerResponse) => void;

/** A tiny HTTP server on 127.0.0.1 whose answers a test scripts request by request. */
export async function scriptedServer(script: Script) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const s = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      script(s, res);
    });
  });
  const listening = await listenLocal(server, '/v1');
  return { url: listening.url, seen, connections: listening.connections, close: listening.close };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}
