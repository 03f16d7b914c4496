// What the tests cost, file by file, in CPU time (`npm run test:cost [vitest args]`): runs vitest with
// test/support/cpu-cost.ts as a setup file, then prints the dearest files and the totals. CPU time, because the
// machine is shared: wall time says how busy everyone else was. Arguments go to vitest (`test/ui`, `-t words`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'test-cost-'));
const file = join(dir, 'cost.jsonl');
const top = Number(process.env.TOP ?? 25);
const run = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_COST: file },
});
let rows = [];
try {
  rows = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
} catch {
  console.error('test-cost: no file reported its cost');
}
rmSync(dir, { recursive: true, force: true });

/** CPU seconds of the children this script waited for (vitest and its workers), from /proc/self/stat. */
function waitedForSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return undefined;
  }
}
const all = waitedForSeconds();

const cost = (r) => r.cpuMs + r.childMs;
rows.sort((a, b) => cost(b) - cost(a));
const s = (ms) => (ms / 1000).toFixed(1).padStart(7);
const sum = (f) => rows.reduce((n, r) => n + f(r), 0);
console.log(
  `\n${'cpu s'.padStart(7)} ${'child s'.padStart(7)} ${'wall s'.padStart(7)}  file (the ${top} dearest)`,
);
for (const r of rows.slice(0, top)) console.log(`${s(r.cpuMs)} ${s(r.childMs)} ${s(r.wallMs)}  ${r.file}`);
const byFolder = new Map();
for (const r of rows) {
  const folder = r.file.split('/').slice(0, 2).join('/');
  byFolder.set(folder, (byFolder.get(folder) ?? 0) + cost(r));
}
console.log(
  `\nby folder (cpu + children, s): ${[...byFolder].map(([f, ms]) => `${f} ${(ms / 1000).toFixed(0)}`).join(', ')}`,
);
console.log(
  `${rows.length} files: ${(sum(cost) / 1000).toFixed(0)} CPU-seconds in the workers and their children (vitest's own process not counted)`,
);
if (all !== undefined)
  console.log(`the whole run: ${all.toFixed(0)} CPU-seconds (vitest, its transforms and its workers)`);
process.exit(run.status ?? 1);
