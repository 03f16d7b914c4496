import { benchFirstFrame } from './first-frame.js';
import { benchIdle } from './idle.js';
import { benchKeypress } from './keypress.js';
import { benchParse } from './parse.js';
import { benchScale, benchSlowLink } from './scale.js';
import { benchSimThroughput } from './sim-throughput.js';
import { benchStartSteps } from './start-steps.js';

/** `npm run bench`: every figure is a ratio measured in this one run (absolute times vary with the machine). */
const benches: Array<[string, () => Promise<string>]> = [
  ['parse', benchParse],
  ['sim', benchSimThroughput],
  ['first-frame', benchFirstFrame],
  ['start-steps', benchStartSteps],
  ['keypress', benchKeypress],
  ['idle', benchIdle],
  ['scale', benchScale],
  ['slow-link', benchSlowLink],
];

// bench names among the arguments (the others are options: first-frame's --before REF, --against PATH)
const only = process.argv.slice(2).filter((a) => benches.some(([name]) => name === a));
for (const [name, run] of benches) {
  // start-steps is a diagnosis, run when named
  if (only.length ? !only.includes(name) : name === 'start-steps') continue;
  process.stdout.write(`${await run()}\n`);
}
