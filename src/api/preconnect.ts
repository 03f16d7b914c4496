import type { NetConnectOpts, Socket } from 'node:net';
import { turnOfTheLoop } from '../domain/event-loop.js';

/**
 * The connections the first requests will need, opened while the rest of the app loads: the name lookup, the TCP
 * handshake and TLS (two or three round trips to a far service) then overlap compiling the HTTP client, zod and the
 * UI instead of following it. The client's first connections to that origin take them (`preconnectedConnector` in
 * transport.ts); one that failed, closed, or was not connected and taken within 10 s is let go, and the client
 * connects as usual.
 */
export interface Preconnection {
  /** "https://infrahub-api.nexgencloud.com" */
  readonly origin: string;
  /** The next socket opened ahead that is still connected, or undefined: then connect as usual. */
  take(): Promise<Socket | undefined>;
}

// What undici's EnvHttpProxyAgent reads: with a proxy in the way, the connection to open is the proxy's.
const PROXY_VARS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

export interface PreconnectOptions {
  /** One per request the first screen sends at once: HTTP/1.1 carries one request at a time. */
  count: number;
  env?: NodeJS.ProcessEnv;
  /**
   * Not connected by then (undici's own connect timeout), or connected and not taken: let go. A request waiting
   * for it then connects as usual, so a connection that hangs never holds a request for longer than that.
   */
  timeoutMs?: number;
  /** For tests: the certificate authority a test server's certificate is signed by. */
  ca?: string;
}

/**
 * Opens connections to the service of `baseUrl`. None with a proxy in the environment, or for a URL that is not
 * http(s).
 */
export function preconnect(baseUrl: string, o: PreconnectOptions): Preconnection | undefined {
  const { count, env = process.env, timeoutMs = 10_000, ca } = o;
  if (count < 1 || PROXY_VARS.some((v) => env[v])) return undefined;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  const https = url.protocol === 'https:';
  if (!https && url.protocol !== 'http:') return undefined;
  const queue = Array.from({ length: count }, () => connected(url, https, timeoutMs, ca));
  return {
    origin: url.origin,
    async take() {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const s = await next.socket;
        next.claimed();
        // one turn of the event loop first: a close the service already sent is read, not found by the request
        await turnOfTheLoop();
        if (s && !s.destroyed && s.readyState === 'open') return s;
      }
      return undefined;
    },
  };
}

/** One socket opened ahead: resolves once connected (undefined when that failed or timed out). */
function connected(url: URL, https: boolean, timeoutMs: number, ca: string | undefined) {
  let unclaimed: NodeJS.Timeout | undefined;
  const socket = open(url, https, ca).then(
    (s) =>
      new Promise<Socket | undefined>((resolve) => {
        unclaimed = setTimeout(() => s.destroy(), timeoutMs);
        unclaimed.unref();
        s.once(https ? 'secureConnect' : 'connect', () => resolve(s));
        // An error listener also keeps a failed connection from crashing the app.
        s.once('error', () => resolve(undefined));
        s.once('close', () => resolve(undefined));
      }),
    () => undefined,
  );
  return { socket, claimed: () => clearTimeout(unclaimed) };
}

/** Opens the socket as undici's own connector would (TLS with SNI and http/1.1 only, no delay, keep-alive). */
async function open(url: URL, https: boolean, ca: string | undefined): Promise<Socket> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (https ? 443 : 80);
  const net = await import('node:net');
  const socket: Socket = https
    ? (await import('node:tls')).connect({
        host,
        port,
        // a name for SNI and the certificate check; never an address
        ...(net.isIP(host) ? {} : { servername: host }),
        ALPNProtocols: ['http/1.1'],
        ...(ca ? { ca } : {}),
      })
    : // the read buffer undici gives its own TCP sockets (Node takes it; its types do not list it)
      net.connect({ host, port, highWaterMark: 64 * 1024 } as NetConnectOpts);
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 60_000);
  return socket;
}
