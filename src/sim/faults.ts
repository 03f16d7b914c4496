/**
 * Fault injection for the simulator: the misbehaviour of a real service and the network in front of it
 * (5xx with and without the JSON envelope, 429 bursts, latency, no answer, truncated JSON, connection resets).
 * Every random choice comes from a seeded generator, so the same seed and the same requests give the same faults.
 */
import { createRng, type Rng } from './rng.js';

export interface FaultConfig {
  /** Share of requests (0..1) answered 500/502/503; half of those in a legacy body without `status`. */
  error5xxRate?: number;
  /** The next N requests get 429 with Retry-After (counts down as requests arrive). */
  burst429?: number;
  /** Added delay in milliseconds before every (matching) request is handled. */
  latencyMs?: number;
  /** Share of requests (0..1) never answered: the socket stays open until the client gives up or the server closes. */
  timeoutRate?: number;
  /** Share of requests (0..1) answered 200 with a truncated, invalid JSON body. */
  malformedRate?: number;
  /** Share of requests (0..1) whose connection is destroyed, before or in the middle of the response. */
  resetRate?: number;
  /**
   * Share of requests (0..1) handled (the work is done), then the connection closed before any answer: what a
   * proxy or a dying link does to a reply. The client cannot know whether its request took effect.
   */
  dropRate?: number;
  /** Only requests whose path (below /v1) starts with one of these prefixes are affected; all when absent/empty. */
  paths?: string[];
}

export type FaultKind = 'burst429' | 'error5xx' | 'timeout' | 'malformed' | 'reset' | 'drop' | 'latency';

export type FaultOutcome =
  | { kind: 'none' }
  | { kind: 'burst429'; retryAfterSeconds: number }
  | { kind: 'timeout' }
  /** `before`: nothing is handled; `mid`: the request is handled, then the response is cut half-way. */
  | { kind: 'reset'; when: 'before' | 'mid' }
  /** The request is handled, then the connection is closed with no answer at all. */
  | { kind: 'drop' }
  | { kind: 'error5xx'; status: 500 | 502 | 503; legacy: boolean }
  /** The request is handled; its answer is sent as 200 with the JSON cut short. */
  | { kind: 'malformed' };

export interface FaultDecision {
  latencyMs: number;
  outcome: FaultOutcome;
}

const RATE_KEYS = ['timeoutRate', 'resetRate', 'error5xxRate', 'malformedRate', 'dropRate'] as const;

/** Retry-After (seconds) sent with an injected 429. */
export const BURST_429_RETRY_AFTER = 1;

/** The share of requests the configured rates claim together (at most 1, give or take rounding). */
function rateSum(cfg: FaultConfig): number {
  return RATE_KEYS.reduce((s, k) => s + (cfg[k] ?? 0), 0);
}

function validate(cfg: FaultConfig): void {
  for (const key of RATE_KEYS) {
    const v = cfg[key];
    if (v !== undefined && !(Number.isFinite(v) && v >= 0 && v <= 1)) {
      throw new RangeError(`fault ${key} must be a number between 0 and 1, got ${v}`);
    }
  }
  const sum = rateSum(cfg);
  if (sum > 1 + 1e-9) throw new RangeError(`fault rates add up to ${sum}, more than 1`);
  if (cfg.burst429 !== undefined && !(Number.isInteger(cfg.burst429) && cfg.burst429 >= 0)) {
    throw new RangeError(`fault burst429 must be a whole number >= 0, got ${cfg.burst429}`);
  }
  if (cfg.latencyMs !== undefined && !(Number.isFinite(cfg.latencyMs) && cfg.latencyMs >= 0)) {
    throw new RangeError(`fault latencyMs must be a number >= 0, got ${cfg.latencyMs}`);
  }
  if (cfg.paths !== undefined && !cfg.paths.every((p) => typeof p === 'string' && p.startsWith('/'))) {
    throw new RangeError('fault paths must be path prefixes starting with /');
  }
}

/** `/v1/core/x` and `/core/x` mean the same prefix (paths are matched below /v1). */
function normalisePrefix(p: string): string {
  return p === '/v1' ? '/' : p.startsWith('/v1/') ? p.slice(3) : p;
}

export class FaultController {
  private cfg: FaultConfig = {};
  private remaining429 = 0;
  private rng: Rng;
  private readonly counts: Record<FaultKind, number> = {
    burst429: 0,
    error5xx: 0,
    timeout: 0,
    malformed: 0,
    reset: 0,
    drop: 0,
    latency: 0,
  };

  constructor(seed = 1, config?: FaultConfig) {
    this.rng = createRng(seed);
    if (config) this.set(config);
  }

  /** Merges `patch` into the current faults (a given `burst429` restarts the countdown). Throws on bad values. */
  set(patch: FaultConfig): void {
    const next: FaultConfig = { ...this.cfg };
    for (const [k, v] of Object.entries(patch) as [keyof FaultConfig, unknown][]) {
      if (v !== undefined) (next as Record<string, unknown>)[k] = v;
    }
    if (next.paths) next.paths = next.paths.map(normalisePrefix);
    validate(next);
    this.cfg = next;
    if (patch.burst429 !== undefined) this.remaining429 = patch.burst429;
  }

  /** No faults any more (the random sequence carries on; see `reseed`). */
  clear(): void {
    this.cfg = {};
    this.remaining429 = 0;
  }

  /** Restarts the random sequence, e.g. to replay a run. */
  reseed(seed: number): void {
    this.rng = createRng(seed);
  }

  /** The current configuration (with the 429 countdown as it stands). */
  get config(): Readonly<FaultConfig> {
    const out: FaultConfig = { ...this.cfg };
    if (out.burst429 !== undefined) out.burst429 = this.remaining429;
    if (out.paths) out.paths = [...out.paths];
    return out;
  }

  /** Whether any fault can currently happen. */
  get active(): boolean {
    return (
      this.remaining429 > 0 || (this.cfg.latencyMs ?? 0) > 0 || RATE_KEYS.some((k) => (this.cfg[k] ?? 0) > 0)
    );
  }

  /** How many faults of each kind were injected so far. */
  stats(): Readonly<Record<FaultKind, number>> {
    return { ...this.counts };
  }

  appliesTo(path: string): boolean {
    const prefixes = this.cfg.paths;
    if (!prefixes || prefixes.length === 0) return true;
    return prefixes.some((p) => p === '/' || path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
  }

  /** Decides the fate of one request to `path` (below /v1). Call once per request, in arrival order. */
  decide(path: string): FaultDecision {
    if (!this.active || !this.appliesTo(path)) return { latencyMs: 0, outcome: { kind: 'none' } };
    // Always three draws per affected request, so a change in one fault's rate never shifts the others' sequence.
    const u = this.rng.next();
    const v = this.rng.next();
    const w = this.rng.next();
    const latencyMs = this.cfg.latencyMs ?? 0;
    if (latencyMs > 0) this.counts.latency++;
    if (this.remaining429 > 0) {
      this.remaining429--;
      this.counts.burst429++;
      return { latencyMs, outcome: { kind: 'burst429', retryAfterSeconds: BURST_429_RETRY_AFTER } };
    }
    let edge = 0;
    const hit = (rate: number | undefined): boolean => {
      edge += rate ?? 0;
      return u < edge;
    };
    let outcome: FaultOutcome = { kind: 'none' };
    if (hit(this.cfg.timeoutRate)) outcome = { kind: 'timeout' };
    else if (hit(this.cfg.resetRate)) outcome = { kind: 'reset', when: v < 0.5 ? 'before' : 'mid' };
    else if (hit(this.cfg.error5xxRate)) {
      const status = ([500, 502, 503] as const)[Math.min(2, Math.floor(v * 3))]!;
      outcome = { kind: 'error5xx', status, legacy: w < 0.5 };
    } else if (hit(this.cfg.malformedRate)) outcome = { kind: 'malformed' };
    else if (hit(this.cfg.dropRate)) outcome = { kind: 'drop' };
    if (outcome.kind !== 'none') this.counts[outcome.kind]++;
    return { latencyMs, outcome };
  }
}

const REASON_TEXT: Record<500 | 502 | 503, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
};

/**
 * The body of an injected 5xx. Envelope form: `{status:false, message, error_reason}`. Legacy form, as the real
 * service sends it: `{"message": "Internal Server Error"}` for a 500, the gateway's HTML page for a 502/503.
 */
export function faultErrorBody(
  status: 500 | 502 | 503,
  legacy: boolean,
): { contentType: string; text: string } {
  if (!legacy) {
    // the documented vocabulary has one reason for every 5xx
    const reason = 'server_error';
    const message =
      status === 500
        ? 'Internal server error'
        : status === 502
          ? 'Bad gateway: the upstream service did not answer'
          : 'Service temporarily unavailable, try again later';
    return {
      contentType: 'application/json',
      text: JSON.stringify({ status: false, message, error_reason: reason }),
    };
  }
  if (status === 500)
    return { contentType: 'application/json', text: JSON.stringify({ message: REASON_TEXT[500] }) };
  const title = `${status} ${REASON_TEXT[status]}`;
  return {
    contentType: 'text/html',
    text:
      `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n` +
      '<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
  };
}

/** Cuts a JSON text short so it no longer parses (at least one character is always removed). */
export function truncateJson(text: string): string {
  const cut = text.slice(0, Math.floor(text.length / 2));
  try {
    JSON.parse(cut);
  } catch {
    return cut;
  }
  return `{"status":tr`; // `cut` happened to be valid (tiny body): send something that certainly is not
}

export class FaultSpecError extends Error {
  override readonly name = 'FaultSpecError';
}

const SPEC_HELP =
  'expected e.g. 5xx=0.1,429=5,latency=200,timeout=0.05,malformed=0.05,reset=0.05,drop=0.05,path=/core/clusters';

/**
 * Parses the CLI form `5xx=0.1,429=5,latency=200,timeout=0.05,malformed=0.05,reset=0.05,drop=0.05,path=/core/x`
 * (`path` may repeat). Throws FaultSpecError naming the bad token.
 */
export function parseFaults(spec: string): FaultConfig {
  const cfg: FaultConfig = {};
  const tokens = spec
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
  if (tokens.length === 0) throw new FaultSpecError(`empty fault list (${SPEC_HELP})`);
  const rate = (token: string, value: string): number => {
    const n = Number(value);
    if (value === '' || !Number.isFinite(n) || n < 0 || n > 1) {
      throw new FaultSpecError(`bad fault "${token}": the rate must be a number between 0 and 1`);
    }
    return n;
  };
  for (const token of tokens) {
    const eq = token.indexOf('=');
    if (eq <= 0) throw new FaultSpecError(`bad fault "${token}": ${SPEC_HELP}`);
    const key = token.slice(0, eq).trim().toLowerCase();
    const value = token.slice(eq + 1).trim();
    switch (key) {
      case '5xx':
        cfg.error5xxRate = rate(token, value);
        break;
      case 'timeout':
        cfg.timeoutRate = rate(token, value);
        break;
      case 'malformed':
        cfg.malformedRate = rate(token, value);
        break;
      case 'reset':
        cfg.resetRate = rate(token, value);
        break;
      case 'drop':
        cfg.dropRate = rate(token, value);
        break;
      case '429': {
        const n = Number(value);
        if (value === '' || !Number.isInteger(n) || n < 0) {
          throw new FaultSpecError(
            `bad fault "${token}": 429 takes a count of requests, a whole number >= 0`,
          );
        }
        cfg.burst429 = n;
        break;
      }
      case 'latency': {
        const n = Number(value.endsWith('ms') ? value.slice(0, -2) : value);
        if (value === '' || !Number.isFinite(n) || n < 0) {
          throw new FaultSpecError(`bad fault "${token}": latency takes milliseconds, a number >= 0`);
        }
        cfg.latencyMs = n;
        break;
      }
      case 'path':
        if (!value.startsWith('/')) {
          throw new FaultSpecError(`bad fault "${token}": path takes a prefix starting with /`);
        }
        cfg.paths = [...(cfg.paths ?? []), value];
        break;
      default:
        throw new FaultSpecError(`unknown fault "${key}" in "${token}": ${SPEC_HELP}`);
    }
  }
  const sum = rateSum(cfg);
  if (sum > 1 + 1e-9) throw new FaultSpecError(`fault rates add up to ${sum}, more than 1`);
  return cfg;
}

/** The CLI form of a configuration (inverse of parseFaults); `none` when nothing is configured. */
export function formatFaults(cfg: Readonly<FaultConfig>): string {
  const parts: string[] = [];
  if (cfg.error5xxRate) parts.push(`5xx=${cfg.error5xxRate}`);
  if (cfg.burst429) parts.push(`429=${cfg.burst429}`);
  if (cfg.latencyMs) parts.push(`latency=${cfg.latencyMs}`);
  if (cfg.timeoutRate) parts.push(`timeout=${cfg.timeoutRate}`);
  if (cfg.malformedRate) parts.push(`malformed=${cfg.malformedRate}`);
  if (cfg.resetRate) parts.push(`reset=${cfg.resetRate}`);
  if (cfg.dropRate) parts.push(`drop=${cfg.dropRate}`);
  if (parts.length === 0) return 'none';
  for (const p of cfg.paths ?? []) parts.push(`path=${p}`);
  return parts.join(',');
}
