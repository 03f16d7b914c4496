// The secrets this process holds (the API key of each profile in use), kept so that no text drawn on the screen or
// written anywhere can show them, whatever its source: a service that echoes the key in an error, a file, a paste.
// `inert` (every text Ink draws) and `sanitize` (every line a subcommand prints) mask them, and so does every file
// writer (domain/file-text.ts). The only places a secret may appear are listed in docs/ARCHITECTURE.md.

/** What a masked secret reads as. */
export const MASK = '***';

/**
 * The shortest run of a secret's characters that is masked where it stands: a key cut by a narrow column (`sk-12…`)
 * or split by a text input's caret still shows no more than this much of it.
 */
const RUN = 8;

const secrets = new Set<string>();
/** Every run of RUN characters of every secret (the whole secret when shorter): a text is checked for these. */
let runs: string[] = [];
/** One pattern of all the runs: a text without any is told apart at once (it runs for every cell drawn). */
let gate: RegExp | undefined;
let shortest = Number.POSITIVE_INFINITY;

/**
 * Remembers a secret (an API key): from now on it is masked in every text drawn or written. The transport calls
 * this with the key it is made with, so every key the process sends is masked, whatever path made the transport.
 */
export function keepSecret(secret: string | undefined): void {
  if (!secret || secret.length < 4 || secrets.has(secret)) return;
  secrets.add(secret);
  const all = new Set(runs);
  for (let i = 0; i + RUN <= secret.length; i++) all.add(secret.slice(i, i + RUN));
  if (secret.length < RUN) all.add(secret);
  runs = [...all];
  gate = new RegExp(runs.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
  shortest = Math.min(shortest, secret.length, RUN);
}

/** Forgets every secret (tests). */
export function forgetSecrets(): void {
  secrets.clear();
  runs = [];
  gate = undefined;
  shortest = Number.POSITIVE_INFINITY;
}

/**
 * The text with every secret masked: each stretch of it that belongs to a secret (RUN characters or more in a row,
 * so a cut or split key too) becomes MASK. Texts shorter than the shortest run are returned at once.
 */
export function maskSecrets(text: string): string {
  if (gate === undefined || text.length < shortest || !gate.test(text)) return text;
  let hits: Array<[number, number]> | undefined;
  for (const run of runs) {
    for (let at = text.indexOf(run); at >= 0; at = text.indexOf(run, at + 1)) {
      hits ??= [];
      hits.push([at, at + run.length]);
    }
  }
  if (!hits) return text;
  hits.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  let end = -1;
  for (const [start, stop] of hits) {
    if (start > end) {
      if (end >= 0) out += MASK;
      out += text.slice(from, start);
    }
    end = Math.max(end, stop);
    from = end;
  }
  return `${out}${MASK}${text.slice(from)}`;
}
