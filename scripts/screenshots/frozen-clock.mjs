// Loaded with `node --import` by the screenshot script only (never by the app): the clock stands still at one
// instant, so ages, "updated 0s ago" and the simulator's world come out the same on every run. Timers still run.
// With HYPERSTACK_TUI_SCREENSHOT_PORT, the demo's simulator listens on that port (the header shows it) instead
// of a random one.
import http from 'node:http';

const at = Date.parse(process.env.HYPERSTACK_TUI_FROZEN_AT || '2026-11-21T12:00:00Z');
const RealDate = Date;
class FrozenDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(at);
    else super(...args);
  }
  static now() {
    return at;
  }
}
globalThis.Date = FrozenDate;

const port = Number(process.env.HYPERSTACK_TUI_SCREENSHOT_PORT || 0);
if (port > 0) {
  const listen = http.Server.prototype.listen;
  http.Server.prototype.listen = function (first, ...rest) {
    return listen.call(this, first === 0 ? port : first, ...rest);
  };
}
