import type { PageRead } from './merge-page.js';
import { pageShift, planTick, type TickPlan } from './page-plan.js';

/** What the poller remembers of a big list's reads between two full loads (see page-plan.ts). */
export class ReadState {
  /** When each item was last read, alone or on a page. */
  readonly lastRead = new Map<number, number>();
  /** How far the list's positions are past the service's near the pages read (pageShift). */
  private shift = 0;
  /** Ids a page did not carry where expected: read alone until a page carries them or the next full load. */
  private readonly offPage = new Set<number>();
  /** The service answered a page with far more than asked (it does not page this list): no page reads. */
  private noPages = false;

  /** This tick's reads; `positions` undefined when the list cannot be read by pages. */
  plan(
    urgent: readonly number[],
    visible: readonly number[],
    positions: ReadonlyMap<number, number> | undefined,
    cap: number,
  ): TickPlan {
    return planTick({
      urgent,
      visible,
      positions: this.noPages ? undefined : positions,
      shift: this.shift,
      offPage: this.offPage,
      lastRead: this.lastRead,
      cap,
    });
  }

  /**
   * The pages that came back. What they carried counts as read; an id they should have carried and did not is
   * read alone from now on (its absence proves nothing more: the order may have shifted).
   */
  pagesRead(results: readonly PromiseSettledResult<PageRead>[], plan: TickPlan, at: number): PageRead[] {
    const got: PageRead[] = [];
    for (const r of results) {
      if (r.status === 'rejected') continue;
      // Far more than asked: the service sent the whole list (it ignores paging), so a page costs as much.
      if (r.value.items.length > 2 * (plan.pages?.pageSize ?? 0)) this.noPages = true;
      else got.push(r.value);
    }
    const carried = new Set(got.flatMap((p) => p.items.map((x) => x.id)));
    for (const id of carried) {
      this.lastRead.set(id, at);
      this.offPage.delete(id);
    }
    if (got.length === results.length) {
      for (const id of plan.onPages) if (!carried.has(id)) this.offPage.add(id);
    }
    return got;
  }

  /** After the pages were laid over the list (its positions now): the next pages are asked where they now are. */
  merged(positions: ReadonlyMap<number, number>, pages: readonly PageRead[]): void {
    const shift = pageShift(positions, pages);
    if (shift === undefined || shift === this.shift) return;
    this.shift = shift;
    this.offPage.clear(); // what the pages missed, the shift explains: asked where they are, they carry it
  }

  /** Forgets ids no longer worth reading, so the maps stay the size of a screen. */
  keepOnly(keep: ReadonlySet<number>): void {
    for (const id of this.lastRead.keys()) if (!keep.has(id)) this.lastRead.delete(id);
    for (const id of this.offPage) if (!keep.has(id)) this.offPage.delete(id);
  }

  /** A full load landed: the list is in the service's order again. */
  loadedWhole(): void {
    this.offPage.clear();
    this.shift = 0;
  }
}
