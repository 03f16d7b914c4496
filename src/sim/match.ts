/**
 * Route path matching for the simulator: `/core/virtual-machines/:id/start` style patterns, most specific first
 * (a static segment beats a `:param`, so `/core/clusters/versions` wins over `/core/clusters/:id`).
 */

import { turnOfTheLoop } from '../domain/event-loop.js';
import type { RouteDef, SimMethod } from './route.js';
import type { RouteGroup } from './routes/groups.js';

export type MatchResult =
  | { kind: 'found'; route: RouteDef; params: Record<string, string> }
  /** The path exists but not with this method; `allowed` lists the methods it has. */
  | { kind: 'method-not-allowed'; allowed: SimMethod[] }
  | { kind: 'not-found' };

interface Compiled {
  route: RouteDef;
  /** Per segment: a literal, or the name of a placeholder. */
  segments: ({ literal: string } | { param: string })[];
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function compile(route: RouteDef): Compiled {
  return {
    route,
    segments: splitPath(route.path).map((s) => (s.startsWith(':') ? { param: s.slice(1) } : { literal: s })),
  };
}

/** Negative when `a` is more specific than `b`: at the first segment where they differ, a literal wins. */
function bySpecificity(a: Compiled, b: Compiled): number {
  const n = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const la = 'literal' in a.segments[i]!;
    const lb = 'literal' in b.segments[i]!;
    if (la !== lb) return la ? -1 : 1;
  }
  return 0;
}

function tryMatch(c: Compiled, parts: string[]): Record<string, string> | undefined {
  if (c.segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const seg = c.segments[i]!;
    const part = parts[i]!;
    if ('literal' in seg) {
      if (seg.literal !== part) return undefined;
    } else {
      try {
        params[seg.param] = decodeURIComponent(part);
      } catch {
        return undefined; // malformed %-escape: no route can have it
      }
    }
  }
  return params;
}

export class RouteTable {
  private readonly compiled: Compiled[];

  constructor(routes: readonly RouteDef[]) {
    this.compiled = routes.map(compile).sort(bySpecificity);
  }

  /** `path` is below /v1 (e.g. `/core/virtual-machines/3`); one trailing slash is tolerated. */
  match(method: string, path: string): MatchResult {
    const parts = splitPath(path);
    const allowed: SimMethod[] = [];
    for (const c of this.compiled) {
      const params = tryMatch(c, parts);
      if (!params) continue;
      if (c.route.method === method) return { kind: 'found', route: c.route, params };
      if (!allowed.includes(c.route.method)) allowed.push(c.route.method);
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }
}

/**
 * A RouteTable over route groups, each loaded when a request first falls on one of its declared paths (whatever
 * the method): the answer is the one the whole table would give, since every route the path could match is
 * loaded before matching. `wrap` is applied to each route as its group loads.
 */
export class LazyRouteTable {
  private table = new RouteTable([]);
  private readonly loading = new Map<RouteGroup, Promise<RouteDef[]>>();
  private readonly loaded = new Map<RouteGroup, RouteDef[]>();
  private readonly patterns: Array<[RouteGroup, Compiled[]]>;

  constructor(
    private readonly groups: readonly RouteGroup[],
    private readonly wrap: (r: RouteDef) => RouteDef = (r) => r,
  ) {
    this.patterns = groups.map((g) => [g, g.paths.map((path) => compile({ path } as RouteDef))]);
  }

  async match(method: string, path: string): Promise<MatchResult> {
    const parts = splitPath(path);
    const wanted = this.patterns
      .filter(([g, ps]) => !this.loaded.has(g) && ps.some((c) => tryMatch(c, parts)))
      .map(([g]) => g);
    if (wanted.length > 0) await Promise.all(wanted.map((g) => this.load(g)));
    return this.table.match(method, path);
  }

  /** Loads every group not loaded yet, one after another (each a short turn of the thread, between requests). */
  async loadAll(): Promise<void> {
    for (const g of this.groups) {
      await this.load(g);
      await turnOfTheLoop();
    }
  }

  /** The groups loaded so far (for tests). */
  loadedGroups(): string[] {
    return this.groups.filter((g) => this.loaded.has(g)).map((g) => g.name);
  }

  private load(g: RouteGroup): Promise<RouteDef[]> {
    let p = this.loading.get(g);
    if (!p) {
      p = g.load().then((routes) => {
        this.loaded.set(g, routes.map(this.wrap));
        // in the groups' order, as the whole table has them
        this.table = new RouteTable(this.groups.flatMap((x) => this.loaded.get(x) ?? []));
        return routes;
      });
      this.loading.set(g, p);
    }
    return p;
  }
}

/** Verbs that, as the first word of a trailing path segment, name an action (`attach-callback`, `remove-member`). */
const ACTION_VERBS = new Set([
  'add',
  'attach',
  'create',
  'delete',
  'detach',
  'hibernate',
  'remove',
  'request',
  'resize',
  'restore',
  'start',
  'stop',
  'update',
]);

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function methodVerb(method: SimMethod, endsWithParam: boolean): string {
  switch (method) {
    case 'GET':
      return endsWithParam ? 'read' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
  }
}

/**
 * The RBAC permission a route needs, in the service's `<resource>:<action>` form, derived from its path:
 * `POST /core/virtual-machines` → `virtual-machine:create`, `GET /core/virtual-machines/:id/start` →
 * `virtual-machine:start`, `DELETE /core/firewalls/:id/firewall-rules/:rid` → `firewall:delete-firewall-rule`,
 * `PUT /auth/organizations/update` → `organization:update`.
 */
export function permissionFor(route: Pick<RouteDef, 'method' | 'path'>): string {
  // The first segment is the service area (core, auth, pricebook, billing), not a resource.
  const segs = splitPath(route.path).slice(1);
  const first = segs.findIndex((s) => !s.startsWith(':'));
  if (first < 0) return `resource:${methodVerb(route.method, true)}`;
  const resource = singular(segs[first]!);
  const rest = segs.slice(first + 1);
  const endsWithParam = rest.length > 0 && rest[rest.length - 1]!.startsWith(':');
  let lastStatic = -1;
  for (let i = rest.length - 1; i >= 0; i--) {
    if (!rest[i]!.startsWith(':')) {
      lastStatic = i;
      break;
    }
  }
  if (lastStatic < 0) return `${resource}:${methodVerb(route.method, endsWithParam)}`;
  const word = rest[lastStatic]!;
  if (!endsWithParam) {
    // A trailing word: an action (`start`, `attach-callback`, `update`), or a sub-collection (`sg-rules`).
    if (route.method === 'GET') return `${resource}:${word}`;
    const verb = word.split('-')[0]!;
    if (ACTION_VERBS.has(verb)) return `${resource}:${word}`;
    return `${resource}:${methodVerb(route.method, false)}-${singular(word)}`;
  }
  // One item of a sub-collection: `sg-rules/:rule_id`, `console/:job_id`.
  return `${resource}:${methodVerb(route.method, true)}-${singular(word)}`;
}
