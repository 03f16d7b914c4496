// A short random-keys run against the whole app (render-app: the real dispatcher, screens, dialogs and forms,
// against the in-process simulator): whatever the keys, the app never crashes and keeps drawing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.js';
import { FULL, runSeed } from '../support/sampling.js';

/**
 * Runs, and keys per run: a sample per run with a seed that changes each run and is printed (SEED=N replays it,
 * FULL=1 runs 3), so every run tries other keys (test/support/sampling.ts).
 */
const RUNS = FULL ? 3 : 2;
const KEYS_PER_RUN = 120;
const SEED = runSeed('random keys');

// Everything but the ways out (q, Ctrl+C, and the palette's "quit"/"q", reached by ':' then arrows): the run
// would end early. The palette is still used, with a screen name typed in full.
const NAMED = [
  '\t',
  '\x1b[Z',
  '\r',
  '\x1b',
  '\x1b[A',
  '\x1b[B',
  '\x1b[C',
  '\x1b[D',
  '\x1b[5~',
  '\x1b[6~',
  '\x7f',
];
const CONTROLS = ['\x01', '\x02', '\x05', '\x06', '\x0b', '\x12', '\x13', '\x15', '\x17'];
const HOSTILE = [
  '\x1b[1;5P',
  '\x1bO5Q',
  '\x1b[0m',
  '\x1b[31m',
  '\x1b]0;x\x07',
  '\x1b[200~',
  '\x9b5m',
  '\x1b[3~',
];
// Not C (copy the ssh command): it writes OSC 52 to the real stdout, into the test runner's terminal.
const LETTERS = 'abcdefghijklmnoprstuvwxyzABDEFGHIJKLMNOPRSTUVWXYZ0123456789/?-. @~é日';
const event = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...LETTERS.match(/./gu)!) },
  { weight: 4, arbitrary: fc.constantFrom(...NAMED) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROLS, ...HOSTILE) },
  { weight: 1, arbitrary: fc.constantFrom(':vms\r', ':clusters\r', ':keys\r', ':billing\r', ':firewalls\r') },
  {
    weight: 1,
    arbitrary: fc
      .string({
        unit: fc.constantFrom(...`${LETTERS}\x1b[0m\r\t`.replace(/q/g, '').match(/./gu)!),
        maxLength: 300,
      })
      .map((s) => s.replace(/q/g, '')),
  },
);

// Saving a kubeconfig writes a file in the current directory: let it be a scratch one.
let cwd: string;
let scratch: string;
beforeAll(() => {
  cwd = process.cwd();
  scratch = mkdtempSync(join(tmpdir(), 'hs-random-keys-'));
  process.chdir(scratch);
});
afterAll(() => {
  process.chdir(cwd);
  rmSync(scratch, { recursive: true, force: true });
});

describe('the whole app under random keys (property-based)', () => {
  it(`never crashes and keeps drawing (${RUNS} runs × ${KEYS_PER_RUN} keys)`, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { minLength: KEYS_PER_RUN, maxLength: KEYS_PER_RUN }),
        async (events) => {
          const app = await renderApp();
          try {
            await app.waitFor('ray-worker-1');
            for (const data of events) {
              await app.press(data);
              sent++;
            }
            // A paste mark among the keys (ESC[200~) made the keys after it a paste: its end, as a terminal sends it.
            await app.press('\x1b[201~');
            // Still answering: Esc closes whatever is open (y when a form asks to discard), 2 shows the VMs.
            for (let i = 0; i < 8; i++) {
              const s = app.store.getState();
              if (!s.modal && !s.overlay) break;
              await app.press(app.frame().includes('discard changes? y/n') ? 'y' : '\x1b');
            }
            await app.press('\x1b', '\x1b'); // leave a filter being typed (Esc clears it) or an open detail
            await app.press('2');
            await app.waitFor(
              (f) => f.startsWith('1 stock') && f.includes('[2 vms]') && f.includes('ray-worker-1'),
            );
          } finally {
            await app.cleanup();
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(sent).toBe(RUNS * KEYS_PER_RUN);
    console.log(`random keys: ${RUNS} runs × ${KEYS_PER_RUN} keys, seed ${SEED}`);
  }, 180_000);
});
