// `npm run screenshots`: remakes docs/images/*.svg from the built app (run after a UI change; the README shows them).
// Usage: tsx scripts/screenshots.ts [name …]   (default: every shot)
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SHOTS, shoot } from './screenshots/shots.js';

const out = fileURLToPath(new URL('../docs/images/', import.meta.url));
const wanted = process.argv.slice(2);
const shots = wanted.length > 0 ? SHOTS.filter((s) => wanted.includes(s.name)) : SHOTS;
if (shots.length === 0) {
  console.error(`no such shot; shots: ${SHOTS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });
// One at a time: every shot's simulator listens on the same port.
for (const shot of shots) {
  const svg = await shoot(shot);
  writeFileSync(`${out}${shot.name}.svg`, svg);
  console.log(`docs/images/${shot.name}.svg  ${shot.cols}x${shot.rows}  ${shot.title}`);
}
