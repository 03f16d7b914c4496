/**
 * A service that answers a VM's metrics with 150,000 rows and its cost history with 150,000 points (a 7 MB body of history,
 * well under the client's cap): the VM's detail and `B` draw them. Both once crashed the app with "Maximum call
 * stack size exceeded" (a spread of the values into Math.max); test/unit/long-series.test.ts charts 1,000,000.
 */
import { afterEach, expect, it } from 'vitest';
import { startOverrideProxy } from '../support/override-proxy.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

const N = 150_000;
const T0 = Date.UTC(2026, 0, 1);

let app: AppHarness | undefined;
afterEach(cleanupApps);

function metrics(): string {
  const at = (i: number) => new Date(T0 + i * 60_000).toISOString();
  const rows = Array.from({ length: N }, (_, i) => `["${at(i)}",60,${(i % 100) + 0.5}]`).join(',');
  return `{"cpu":{"unit":"%","columns":["time","granularity","value"],"data":[${rows}]}}`;
}

function history(): string {
  const at = (i: number) => new Date(T0 + i * 3_600_000).toISOString().slice(0, 19);
  const points = Array.from({ length: N }, (_, i) => `{"datetime":"${at(i)}","value":${i % 7}}`).join(',');
  return `{"status":true,"message":"ok","billing_history_vm_details":{"granularity":3600,"billing_history":[{"attributes":{"resource_name":"long"},"metrics":{"incurred_bill":1,"incurred_bill_graph":[${points}]}}]}}`;
}

it('150,000 metric rows in a VM’s detail and 150,000 cost points on B are drawn, not a crash', async () => {
  const bodies = { metrics: metrics(), history: history() };
  expect(bodies.history.length).toBeGreaterThan(6_500_000);
  // tall enough that the detail shows its metrics and the history its summary without scrolling
  app = await renderApp({
    height: 140,
    through: (url) =>
      startOverrideProxy(url, (method, path) => {
        if (method !== 'GET') return undefined;
        if (/^\/core\/virtual-machines\/\d+\/metrics$/.test(path))
          return { status: 200, body: bodies.metrics };
        if (/^\/billing\/billing\/history\/virtual-machine\/\d+\/graph$/.test(path))
          return { status: 200, body: bodies.history };
        return undefined;
      }),
  });
  await app.waitFor('ACTIVE');
  await app.press(KEY.enter);
  await app.waitFor(`${N} points`, 20_000);
  expect(app.frame()).toMatch(/min 0\.5 %\s+max 99\.5 %/);
  await app.press('B');
  await app.waitFor(`${N}, one per hour`, 20_000);
  expect(app.frame()).toContain('peak $6.00 in an hour');
}, 60_000);
