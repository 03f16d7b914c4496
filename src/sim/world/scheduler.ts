/**
 * Things that happen later in the simulated world (a VM finishing its creation, a cluster step). Nothing runs on
 * its own: `runDue(now)` runs, in time order, every task whose time has come. A min-heap, so thousands of pending
 * transitions cost O(log n) each.
 */

/** Runs at `at` (the simulated time of the step, which may be earlier than the clock when run late). */
export type Task = (at: number) => void;

interface Entry {
  at: number;
  seq: number;
  run: Task;
}

export class Scheduler {
  private readonly heap: Entry[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  at(time: number, run: Task): void {
    this.heap.push({ at: time, seq: this.seq++, run });
    this.up(this.heap.length - 1);
  }

  /** The time of the next task, or undefined when nothing is pending. */
  next(): number | undefined {
    return this.heap[0]?.at;
  }

  /** Runs every task due at or before `now`, including tasks those tasks schedule when they too are due. */
  runDue(now: number): void {
    for (;;) {
      const top = this.heap[0];
      if (!top || top.at > now) return;
      this.pop();
      top.run(top.at);
    }
  }

  private less(a: Entry, b: Entry): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private pop(): void {
    const last = this.heap.pop();
    if (last === undefined || this.heap.length === 0) return;
    this.heap[0] = last;
    this.down(0);
  }

  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) return;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
      if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}
