import type { StoreApi } from 'zustand/vanilla';
import { timerDelay } from '../api/timer.js';
import { share } from './share.js';
import { emptySlice, type Slice } from './slice.js';

/** How to load one resource. */
export interface PollTarget<T = unknown> {
  load(signal: AbortSignal): Promise<T>;
  /** True while something in it is changing state (a VM CREATING …): polled every `fastMs` then. */
  transitioning?(data: T): boolean;
  /** Data that hardly changes: polled at most this often, whatever the refresh interval. */
  minIntervalMs?: number;
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
  now?: () => number;
}

interface Entry {
  timer: ReturnType<typeof setTimeout> | undefined;
  inFlight: Promise<void> | undefined;
  abort: AbortController | undefined;
}

/**
 * Keeps the visible resources fresh: one timer per watched key, never two requests in flight for one key,
 * fast while transitioning, exponential backoff on errors, last good data kept (structurally shared).
 */
export class Poller {
  private readonly entries = new Map<string, Entry>();
  private watched = new Set<string>();
  private readonly owners = new Map<object, readonly string[]>();
  private readonly intervalMs: number;
  private readonly fastMs: number;
  private readonly maxBackoffMs: number;
  private readonly now: () => number;
  private stopped = false;

  constructor(
    private readonly store: StoreApi<SliceState>,
    private readonly targetFor: (key: string) => PollTarget | undefined,
    opts: PollerOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 5000;
    this.fastMs = Math.min(opts.fastMs ?? 2000, this.intervalMs);
    this.maxBackoffMs = opts.maxBackoffMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** The keys the visible screen needs. New ones load now unless fresh; the others stop polling. */
  watch(keys: readonly string[]): void {
    const next = new Set(keys);
    for (const key of this.watched) if (!next.has(key)) this.unschedule(key);
    const added = keys.filter((k) => !this.watched.has(k));
    this.watched = next;
    for (const key of added) {
      const slice = this.slice(key);
      const age = slice.updatedAt === undefined ? Infinity : this.now() - slice.updatedAt;
      const delay = this.delayFor(key, slice);
      if (age >= delay) void this.refresh(key);
      else this.schedule(key, delay - age);
    }
  }

  /**
   * What one part of the screen needs (a pane, the totals above it): the poller watches what all the parts still
   * there need together. `release` when the part goes.
   */
  watchFor(owner: object, keys: readonly string[]): void {
    this.owners.set(owner, keys);
    this.watch([...new Set([...this.owners.values()].flat())]);
  }

  release(owner: object): void {
    if (!this.owners.delete(owner)) return;
    this.watch([...new Set([...this.owners.values()].flat())]);
  }

  /** Loads now (the `r` key, or after an action). Joins a request already in flight instead of sending another. */
  refresh(key: string): Promise<void> {
    const entry = this.entry(key);
    if (entry.inFlight) return entry.inFlight;
    const target = this.targetFor(key);
    if (!target || this.stopped) return Promise.resolve();
    this.unschedule(key);
    const abort = new AbortController();
    entry.abort = abort;
    // A first load shows "loading"; a refresh of data on screen changes nothing visible until it lands.
    if (this.slice(key).data === undefined) this.patch(key, { status: 'loading' });
    const run = target.load(abort.signal).then(
      (data) => {
        const prev = this.slice(key);
        this.patch(key, {
          data: share(prev.data, data),
          status: 'ok',
          error: undefined,
          updatedAt: this.now(),
          failures: 0,
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
   * so it is awaited and a new one sent (two callers then share that new one).
   */
  async refreshAfter(key: string): Promise<void> {
    const inFlight = this.entries.get(key)?.inFlight;
    if (inFlight) await inFlight;
    return this.refresh(key);
  }

  refreshWatched(): Promise<void> {
    return Promise.all([...this.watched].map((k) => this.refresh(k))).then(() => undefined);
  }

  stop(): void {
    this.stopped = true;
    for (const [key, e] of this.entries) {
      this.unschedule(key);
      e.abort?.abort();
    }
  }

  /** Next delay for a key: backoff after errors, fast while transitioning, else the normal interval. */
  delayFor(key: string, slice: Slice): number {
    if (slice.failures > 0) return Math.min(this.maxBackoffMs, this.intervalMs * 2 ** (slice.failures - 1));
    const target = this.targetFor(key);
    if (slice.data !== undefined && target?.transitioning?.(slice.data)) return this.fastMs;
    return Math.max(this.intervalMs, target?.minIntervalMs ?? 0);
  }

  private schedule(key: string, ms: number): void {
    const entry = this.entry(key);
    if (entry.timer) clearTimeout(entry.timer);
    // Bounded: an interval past Node's 32-bit timer limit would fire after 1 ms, every time.
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      void this.refresh(key);
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
      e = { timer: undefined, inFlight: undefined, abort: undefined };
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
