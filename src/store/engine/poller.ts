import type { StoreApi } from 'zustand/vanilla';
import { timerDelay } from '../../api/timer.js';
import type { PageRead } from './merge-page.js';
import { ReadState } from './read-state.js';
import { type ListCost, listInterval, readsPerTick } from './refresh-policy.js';
import { share } from './share.js';
import { emptySlice, type Slice } from './slice.js';

/** How to load one resource. */
export interface PollTarget<T = unknown> {
  load(signal: AbortSignal): Promise<T>;
  /** True while something in it is changing state (a VM CREATING …): polled every `fastMs` then. */
  transitioning?(data: T): boolean;
  /** Data that hardly changes: polled at most this often, whatever the refresh interval. */
  minIntervalMs?: number;
  /** A list that may be big: between full loads, the items that matter are read one by one. */
  partial?: PartialRefresh<T>;
}

/** How a list is refreshed in part (see refresh-policy.ts). */
export interface PartialRefresh<T = unknown> {
  /** The ids worth reading now: urgent (changing state, an action under way), then the ones on screen. */
  ids(data: T): { urgent: readonly number[]; visible: readonly number[] };
  /** One item by id, resolving undefined when the service says it is gone. */
  readOne(id: number, signal: AbortSignal): Promise<unknown>;
  /** A list kept in the service's order, which can be read by pages (page-plan.ts). */
  pages?: {
    /** Each id's position in the list. */
    positions(data: T): ReadonlyMap<number, number>;
    /** One page (numbered from 1) of `pageSize` items. */
    read(page: number, pageSize: number, signal: AbortSignal): Promise<PageRead>;
  };
  /**
   * The list with these items laid over (undefined: removed; one it lacks added when `add`), then these pages;
   * unchanged items keep their identity.
   */
  merge(data: T, read: ReadonlyMap<number, unknown>, o?: { add?: boolean; pages?: readonly PageRead[] }): T;
}

export interface SliceState {
  slices: Record<string, Slice>;
}

export interface PollerOptions {
  /** Normal refresh interval (the --refresh flag; default 5 s). */
  intervalMs?: number;
  /** Interval while something visible is transitioning (default 2 s). */
  fastMs?: number;
  /** Longest wait after repeated errors (default 60 s). */
  maxBackoffMs?: number;
  /** Single reads a minute a partly refreshed list may make (default 60: half the default request budget). */
  readsPerMinute?: number;
  /** Full-load interval of a big list per ms its last full load took, and its bound (see listInterval). */
  costFactor?: number;
  maxListMs?: number;
  /** Bytes received from the service so far (all requests): a full load's cost is what it adds (refresh-policy.ts). */
  bytesReceived?: () => number;
  now?: () => number;
}

interface Entry {
  timer: ReturnType<typeof setTimeout> | undefined;
  inFlight: Promise<void> | undefined;
  abort: AbortController | undefined;
  /** A partial refresh under way (a full one does not join it). */
  partial: Promise<void> | undefined;
  /** When the last full load landed, and what was read since. */
  lastFullAt: number | undefined;
  reads: ReadState;
}

/**
 * Keeps the visible resources fresh: one timer per watched key, never two requests in flight for one key,
 * fast while transitioning, exponential backoff on errors, last good data kept (structurally shared). `Key`: the
 * store keys it takes (the app's typed ResourceKey; any string in the engine's own tests).
 */
export class Poller<Key extends string = string> {
  private readonly entries = new Map<string, Entry>();
  private watched = new Set<Key>();
  private readonly owners = new Map<object, readonly Key[]>();
  private readonly intervalMs: number;
  private readonly fastMs: number;
  private readonly maxBackoffMs: number;
  private readonly readsPerMinute: number;
  private readonly costFactor: number | undefined;
  private readonly maxListMs: number | undefined;
  private readonly bytesReceived: (() => number) | undefined;
  private readonly now: () => number;
  private stopped = false;
  /** Keys followed (poller.follow) and how many times: polled at the fast rate. */
  private readonly hurried = new Map<Key, number>();
  /** Aborts the reads after actions, which are not an entry's one request in flight. */
  private readonly halt = new AbortController();

  constructor(
    private readonly store: StoreApi<SliceState>,
    private readonly targetFor: (key: Key) => PollTarget | undefined,
    opts: PollerOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 5000;
    this.fastMs = Math.min(opts.fastMs ?? 2000, this.intervalMs);
    this.maxBackoffMs = opts.maxBackoffMs ?? 60_000;
    this.readsPerMinute = opts.readsPerMinute ?? 60;
    this.costFactor = opts.costFactor;
    this.maxListMs = opts.maxListMs;
    this.bytesReceived = opts.bytesReceived;
    this.now = opts.now ?? Date.now;
  }

  /** The keys the visible screen needs. New ones load now unless fresh; the others stop polling. */
  watch(keys: readonly Key[]): void {
    const next = new Set(keys);
    for (const key of this.watched) if (!next.has(key)) this.unschedule(key);
    const added = keys.filter((k) => !this.watched.has(k));
    this.watched = next;
    for (const key of added) {
      const slice = this.slice(key);
      const age = slice.updatedAt === undefined ? Infinity : this.now() - slice.updatedAt;
      const delay = this.delayFor(key, slice);
      if (age >= delay) void this.poll(key);
      else this.schedule(key, delay - age);
    }
  }

  /**
   * What one part of the screen needs (a pane, the totals above it): the poller watches what all the parts still
   * there need together. `release` when the part goes.
   */
  watchFor(owner: object, keys: readonly Key[]): void {
    this.owners.set(owner, keys);
    this.watch([...new Set([...this.owners.values()].flat())]);
  }

  release(owner: object): void {
    if (!this.owners.delete(owner)) return;
    this.watch([...new Set([...this.owners.values()].flat())]);
  }

  /**
   * Watches `key` at the fast rate, whatever its data says, until the returned function is called: something in
   * it is being followed until it settles (a snapshot just asked for, on whichever screen is shown).
   */
  follow(key: Key): () => void {
    const owner = {};
    this.hurried.set(key, (this.hurried.get(key) ?? 0) + 1);
    this.watchFor(owner, [key]);
    const entry = this.entry(key);
    // already scheduled at the slow rate: sooner
    if (!entry.inFlight && !entry.partial && entry.timer) this.schedule(key, this.fastMs);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const n = (this.hurried.get(key) ?? 1) - 1;
      if (n > 0) this.hurried.set(key, n);
      else this.hurried.delete(key);
      this.release(owner);
    };
  }

  /** Loads now (the `r` key, or after an action). Joins a request already in flight instead of sending another. */
  refresh(key: Key): Promise<void> {
    const entry = this.entry(key);
    if (entry.inFlight) return entry.inFlight;
    const target = this.targetFor(key);
    if (!target || this.stopped) return Promise.resolve();
    this.unschedule(key);
    const abort = new AbortController();
    entry.abort = abort;
    // A first load shows "loading"; a refresh of data on screen changes nothing visible until it lands.
    if (this.slice(key).data === undefined) this.patch(key, { status: 'loading' });
    const started = this.now();
    const bytesBefore = this.bytesReceived?.();
    const run = target.load(abort.signal).then(
      (data) => {
        const prev = this.slice(key);
        const at = this.now();
        entry.lastFullAt = at;
        entry.reads.loadedWhole();
        this.patch(key, {
          data: share(prev.data, data),
          status: 'ok',
          error: undefined,
          updatedAt: at,
          failures: 0,
          // what this load cost sets when the next full one is due
          ...(target.partial
            ? {
                fullEveryMs: this.listIntervalFor({
                  ms: at - started,
                  bytes: bytesBefore === undefined ? undefined : (this.bytesReceived?.() ?? 0) - bytesBefore,
                }),
              }
            : {}),
        });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const prev = this.slice(key);
        this.patch(key, { status: 'error', error: error as Error, failures: prev.failures + 1 });
      },
    );
    entry.inFlight = run.finally(() => {
      entry.inFlight = undefined;
      entry.abort = undefined;
      if (this.watched.has(key) && !this.stopped) this.schedule(key, this.delayFor(key, this.slice(key)));
    });
    return entry.inFlight;
  }

  /**
   * Loads data asked for after this call (after an action): a request already in flight may predate the change,
   * so it is awaited and a new one sent (two callers then share that new one). `ids`: the items of a list the
   * action was about; a big list reads them alone instead of loading whole (a third of a minute's reads at most,
   * 20 by default: the most VMs one create makes; more, or none, and it loads whole).
   */
  async refreshAfter(key: Key, ids?: readonly number[]): Promise<void> {
    const inFlight = this.entries.get(key)?.inFlight;
    if (inFlight) await inFlight;
    const partial = this.targetFor(key)?.partial;
    const slice = this.slice(key);
    const few =
      ids !== undefined && ids.length > 0 && ids.length <= Math.max(1, Math.floor(this.readsPerMinute / 3));
    if (!few || !partial || slice.data === undefined || !isBig(slice, this.intervalMs))
      return this.refresh(key);
    return this.readAfter(key, partial, ids);
  }

  refreshWatched(): Promise<void> {
    return Promise.all([...this.watched].map((k) => this.refresh(k))).then(() => undefined);
  }

  stop(): void {
    this.stopped = true;
    this.halt.abort();
    for (const [key, e] of this.entries) {
      this.unschedule(key);
      e.abort?.abort();
    }
  }

  /**
   * Next delay for a key: backoff after errors; a big list ticks at the fast rate (each tick reads a few items
   * alone, or loads it whole when that is due); fast while transitioning; else the normal interval.
   */
  delayFor(key: Key, slice: Slice): number {
    if (slice.failures > 0) return Math.min(this.maxBackoffMs, this.intervalMs * 2 ** (slice.failures - 1));
    if (isBig(slice, this.intervalMs)) return this.fastMs;
    const target = this.targetFor(key);
    if (slice.data !== undefined && target?.transitioning?.(slice.data)) return this.fastMs;
    if (this.hurried.has(key)) return this.fastMs;
    return Math.max(this.intervalMs, target?.minIntervalMs ?? 0);
  }

  /** The full-load interval of a list whose last full load cost this. */
  listIntervalFor(cost: ListCost): number {
    return listInterval(cost, {
      baseMs: this.intervalMs,
      ...(this.costFactor !== undefined ? { factor: this.costFactor } : {}),
      ...(this.maxListMs !== undefined ? { maxMs: this.maxListMs } : {}),
    });
  }

  /** A timer's due: a big list between its full loads is read in part; everything else is loaded whole. */
  private poll(key: Key): Promise<void> {
    const target = this.targetFor(key);
    const slice = this.slice(key);
    const entry = this.entry(key);
    const fullDue =
      entry.lastFullAt === undefined || this.now() - entry.lastFullAt >= (slice.fullEveryMs ?? 0);
    if (!target?.partial || slice.data === undefined || !isBig(slice, this.intervalMs) || fullDue) {
      return this.refresh(key);
    }
    return this.refreshPart(key, target.partial);
  }

  /**
   * One tick between full loads: the rows on screen as pages of the list when they are a run of it, the urgent
   * items and the other visible ones alone, within the reads budget (page-plan.ts); all laid over the list.
   */
  private refreshPart(key: Key, partial: PartialRefresh): Promise<void> {
    const entry = this.entry(key);
    if (entry.partial || entry.inFlight) return entry.partial ?? entry.inFlight ?? Promise.resolve();
    this.unschedule(key);
    const data = this.slice(key).data;
    const { urgent, visible } = partial.ids(data);
    const paged = partial.pages;
    const reads = entry.reads;
    const plan = reads.plan(
      urgent,
      visible,
      paged?.positions(data),
      readsPerTick(this.readsPerMinute, this.fastMs),
    );
    const abort = new AbortController();
    entry.abort = abort;
    const { pages } = plan;
    const pageReads = Promise.allSettled(
      paged && pages ? pages.pages.map((p) => paged.read(p, pages.pageSize, abort.signal)) : [],
    );
    const singleReads = Promise.allSettled(plan.singles.map((id) => partial.readOne(id, abort.signal)));
    const run = Promise.all([pageReads, singleReads]).then(([pageResults, results]) => {
      if (abort.signal.aborted || this.stopped) return;
      const read = new Map<number, unknown>();
      const at = this.now();
      results.forEach((r, i) => {
        const id = plan.singles[i] as number;
        if (r.status === 'rejected') return; // not read this time: kept as it was, read again later
        read.set(id, r.value);
        reads.lastRead.set(id, at);
      });
      const got = reads.pagesRead(pageResults, plan, at);
      reads.keepOnly(new Set([...urgent, ...visible]));
      const current = this.slice(key);
      if ((read.size === 0 && got.length === 0) || current.data === undefined) return;
      const merged = partial.merge(current.data, read, { pages: got });
      this.patch(key, { data: merged, updatedAt: at });
      if (paged && got.length > 0) reads.merged(paged.positions(merged), got);
    });
    entry.partial = run.finally(() => {
      entry.partial = undefined;
      if (entry.abort === abort) entry.abort = undefined;
      if (this.watched.has(key) && !this.stopped && !entry.inFlight && !entry.timer) {
        this.schedule(key, this.delayFor(key, this.slice(key)));
      }
    });
    return entry.partial;
  }

  /**
   * After an action on a few items of a big list: reads them alone (once a tick under way, which may predate the
   * action, has landed) and lays them over the list: a 404 removes one, one the list lacks (just made) is added.
   * A read that fails loads the list whole, as before.
   */
  private async readAfter(key: Key, partial: PartialRefresh, ids: readonly number[]): Promise<void> {
    const entry = this.entry(key);
    if (entry.partial) await entry.partial;
    if (this.stopped) return;
    let items: unknown[];
    try {
      items = await Promise.all(ids.map((id) => partial.readOne(id, this.halt.signal)));
    } catch {
      return this.stopped ? undefined : this.refresh(key);
    }
    const current = this.slice(key);
    if (this.stopped || current.data === undefined) return;
    const at = this.now();
    for (const id of ids) entry.reads.lastRead.set(id, at);
    const read = new Map(ids.map((id, i) => [id, items[i]]));
    this.patch(key, { data: partial.merge(current.data, read, { add: true }), updatedAt: at });
  }

  private schedule(key: Key, ms: number): void {
    const entry = this.entry(key);
    if (entry.timer) clearTimeout(entry.timer);
    // Bounded: an interval past Node's 32-bit timer limit would fire after 1 ms, every time.
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      void this.poll(key);
    }, timerDelay(ms));
  }

  private unschedule(key: string): void {
    const entry = this.entries.get(key);
    if (entry?.timer) clearTimeout(entry.timer);
    if (entry) entry.timer = undefined;
  }

  private entry(key: string): Entry {
    let e = this.entries.get(key);
    if (!e) {
      e = {
        timer: undefined,
        inFlight: undefined,
        abort: undefined,
        partial: undefined,
        lastFullAt: undefined,
        reads: new ReadState(),
      };
      this.entries.set(key, e);
    }
    return e;
  }

  private slice(key: string): Slice {
    return this.store.getState().slices[key] ?? emptySlice;
  }

  private patch(key: string, part: Partial<Slice>): void {
    this.store.setState((s) => ({
      slices: { ...s.slices, [key]: { ...(s.slices[key] ?? emptySlice), ...part } },
    }));
  }
}

/** A list loaded whole less often than the refresh interval (its full load costs too much to repeat). */
function isBig(slice: Slice, intervalMs: number): boolean {
  return slice.fullEveryMs !== undefined && slice.fullEveryMs > intervalMs;
}
