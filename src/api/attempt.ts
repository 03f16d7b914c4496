import { timerDelay } from './timer.js';

/** Why an attempt's signal fired. */
export type AbortWhy = 'caller' | 'deadline' | 'closed';

/**
 * The signal of one HTTP attempt: it fires when the caller aborts, when the attempt's overall deadline passes
 * (undici's own timeouts only catch silence, not a body that trickles forever), or when the transport closes (so
 * quitting never waits for a hung request). `why` tells the three apart afterwards.
 */
export class Attempt {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  why: AbortWhy | undefined;

  constructor(
    private readonly caller: AbortSignal | undefined,
    deadlineMs: number,
  ) {
    this.timer = setTimeout(() => this.abort('deadline'), timerDelay(deadlineMs));
    if (caller?.aborted) this.abort('caller');
    else caller?.addEventListener('abort', this.onCaller, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  abort(why: AbortWhy): void {
    if (this.why) return;
    this.why = why;
    this.controller.abort();
  }

  /** Always call when the attempt is over: the timer and the listener on a long-lived signal go. */
  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCaller);
  }

  private readonly onCaller = () => this.abort('caller');
}
