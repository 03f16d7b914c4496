/**
 * A hostile service for tests: a proxy on 127.0.0.1 in front of the simulator that makes every string it answers
 * hostile (escape sequences, OSC title and clipboard writes, C1 controls, bidi overrides, lone surrogates, 10 KB
 * of text), and can answer every request with hostile errors instead. The app keeps working through it: the
 * suffixes are taken off again in what the app sends (paths, queries, bodies), so forms, filters and actions act on
 * the simulator's real objects. And a scanner for the bytes written to a terminal.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocal } from './listen-local.js';
import { forward } from './override-proxy.js';

/** Ctrl+F1…F4 as xterm sends them (CSI 1;5 P…S) and as other terminals do (SS3 5 P…S). */
export const CTRL_F1_F4 = [
  '\x1b[1;5P',
  '\x1b[1;5Q',
  '\x1b[1;5R',
  '\x1b[1;5S',
  '\x1bO5P',
  '\x1bO5Q',
  '\x1bO5R',
  '\x1bO5S',
];

/** What a hostile service appends to its strings. Every one must be drawn inert. */
export const HOSTILE = [
  '\x1b]0;PWNED\x07', // OSC: window title
  '\x1b]52;c;ZXZpbA==\x07', // OSC 52: writes the clipboard
  '\x1b[2J\x1b[H', // CSI: clear the screen
  '\x1b[5m\x1b[31mblink', // SGR from the service
  '\x9b31m\x9d0;c1\x9c', // 8-bit C1 CSI / OSC / ST
  '\x1bP+q\x1b\\', // DCS
  '\u202egpj.exe\u2066', // bidi override / isolate
  '\ud800x\udc00', // lone surrogates
  '\x07\x08\r\n\tend', // BEL, BS, CR, LF, TAB
  `${'W'.repeat(10_000)}`, // 10 KB
] as const;

/** The hostile form of a string: a suffix picked by its content, so the same string always gets the same one. */
export function hostile(s: string): string {
  if (s === '') return s;
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return s + HOSTILE[h % HOSTILE.length];
}

/** Takes the suffixes off again (what the app sends back refers to the simulator's real names). */
export function unhostile(s: string): string {
  for (const suffix of HOSTILE) if (s.endsWith(suffix)) return s.slice(0, -suffix.length);
  return s;
}

function deep(
  value: unknown,
  f: (s: string) => string,
  numbers: (n: number, key: string) => unknown,
  key = '',
): unknown {
  if (typeof value === 'string') return f(value);
  if (typeof value === 'number') return numbers(value, key);
  if (Array.isArray(value)) return value.map((v) => deep(v, f, numbers, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = deep(v, f, numbers, k);
    return out;
  }
  return value;
}

export type HostileMode =
  /** Every string answered is hostile. */
  | 'strings'
  /** Strings hostile, and numbers that are not ids sent as strings (as the real service sometimes does). */
  | 'strings+numbers'
  /** Every request answered with a hostile error: 400/404 JSON messages, a 502 page whose title is hostile. */
  | 'errors'
  /**
   * The service echoes the API key the app sent: every other request is refused with the key in the error (its
   * message, its field errors, a 502 page's title), and every string of the others' answers ends with it.
   */
  | 'echo-key';

export interface HostileProxy {
  url: string;
  mode: HostileMode;
  close(): Promise<void>;
}

const ERRORS: Array<{ status: number; type: string; body: string }> = [
  {
    status: 400,
    type: 'application/json',
    body: JSON.stringify({ status: false, message: `bad ${HOSTILE.join('|')}`, error_reason: 'bad_request' }),
  },
  {
    status: 404,
    type: 'application/json',
    body: JSON.stringify({
      message: `gone \x1b]0;PWNED\x07\x1b]52;c;ZXZpbA==\x07x`,
      error_reason: 'not_found',
    }),
  },
  {
    status: 502,
    type: 'text/html',
    body: '<html><head><title>502 \x1b]0;PWNED\x07 Bad \x9b2J Gateway</title></head><body>nginx</body></html>',
  },
  {
    status: 500,
    type: 'application/json',
    body: JSON.stringify({ errors: { name: [`\x1b[2Jtaken\u202e`] }, message: '\x1b]52;c;ZXZpbA==\x07' }),
  },
];

/** An error that quotes the API key (`key`), in one of the service's error shapes (chosen by `n`). */
function keyError(key: string, n: number): { status: number; type: string; body: string } {
  const shapes = [
    { status: 401, reason: 'unauthorized', message: `Invalid api_key ${key}` },
    { status: 403, reason: 'forbidden', message: `key ${key} may not do this (api_key=${key})` },
    { status: 400, reason: 'bad_request', message: `bad request from ${key.slice(0, 12)}…` },
  ];
  const s = shapes[n % (shapes.length + 2)];
  if (s) {
    return {
      status: s.status,
      type: 'application/json',
      body: JSON.stringify({ status: false, message: s.message, error_reason: s.reason }),
    };
  }
  return n % (shapes.length + 2) === shapes.length
    ? { status: 502, type: 'text/html', body: `<html><head><title>502 ${key}</title></head></html>` }
    : {
        status: 500,
        type: 'application/json',
        body: JSON.stringify({ errors: { name: [`${key} is taken`] }, message: `api_key: ${key}` }),
      };
}

/** Starts the proxy in front of `target` (the simulator's base URL, ending in /v1). */
export async function startHostileProxy(
  target: string,
  mode: HostileMode = 'strings',
): Promise<HostileProxy> {
  const up = new URL(target);
  let errorIndex = 0;
  let keyErrors = 0;
  const proxy: HostileProxy = { url: '', mode, close: async () => {} };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = String(req.headers.api_key ?? '');
      if (proxy.mode === 'errors' || (proxy.mode === 'echo-key' && errorIndex++ % 2 === 0)) {
        const e =
          proxy.mode === 'errors' ? ERRORS[errorIndex++ % ERRORS.length]! : keyError(key, keyErrors++);
        res.writeHead(e.status, { 'content-type': e.type });
        res.end(e.body);
        return;
      }
      const url = new URL(req.url ?? '/', up);
      const path = url.pathname
        .split('/')
        .map((seg) => encodeURIComponent(unhostile(decodeURIComponent(seg))));
      const query = new URLSearchParams();
      for (const [k, v] of url.searchParams) query.append(k, unhostile(v));
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? JSON.stringify(deep(JSON.parse(raw), unhostile, (n) => n)) : undefined;
      const headers = { ...req.headers };
      delete headers['content-length'];
      const to = {
        method: req.method,
        path: `${path.join('/')}${query.size ? `?${query}` : ''}`,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      };
      forward(up, to, body, res, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          let sent = text;
          try {
            const numbers =
              proxy.mode === 'strings+numbers'
                ? (n: number, key: string) => (key === 'id' || key.endsWith('_id') ? n : String(n))
                : (n: number) => n;
            const strings = proxy.mode === 'echo-key' ? (s: string) => (s ? `${s} ${key}` : s) : hostile;
            sent = JSON.stringify(deep(JSON.parse(text), strings, numbers));
          } catch {
            // not JSON: passed on as it is
          }
          res.writeHead(answer.statusCode ?? 502, {
            'content-type': answer.headers['content-type'] ?? 'application/json',
          });
          res.end(sent);
        });
      });
    });
  });
  const listening = await listenLocal(server, up.pathname);
  proxy.url = listening.url;
  proxy.close = listening.close;
  return proxy;
}

/**
 * What in `raw` (bytes written to a terminal) could act on the terminal beyond drawing: every escape sequence
 * except SGR (and, with `cursor`, the cursor moves, erases, screen switches and synchronized-update marks a
 * full-screen app writes), any other C0 but LF/CR, any C1, bidi controls, lone surrogates. Each finding quoted.
 */
export function terminalHazards(raw: string, opts: { cursor?: boolean } = {}): string[] {
  const found: string[] = [];
  const allowed = opts.cursor
    ? /^\x1b\[(?:[0-9;]*[mABCDGHJKf]|\?(?:25|1049|2004|2026)[hl]|[0-9]*[ST])/
    : /^\x1b\[[0-9;]*m/;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x1b) {
      const m = allowed.exec(raw.slice(i, i + 32));
      if (m) {
        i += m[0].length - 1;
        continue;
      }
      found.push(JSON.stringify(raw.slice(i, i + 12)));
    } else if ((c < 0x20 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) {
      found.push(JSON.stringify(raw.slice(Math.max(0, i - 4), i + 6)));
    } else if (c === 0x202a || c === 0x202b || c === 0x202c || c === 0x202d || c === 0x202e) {
      found.push(`bidi U+${c.toString(16)}`);
    } else if (c >= 0x2066 && c <= 0x2069) {
      found.push(`bidi U+${c.toString(16)}`);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = raw.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else found.push('lone high surrogate');
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      found.push('lone low surrogate');
    }
  }
  return found;
}
