// Replaces the `is-in-ci` package inside the bundle. Ink asks it whether to draw only the final frame; a CI
// variable leaks into many SSH sessions, and the app must draw interactively whenever stdout is a terminal.
import { env, stdout } from 'node:process';

const check = (key) => key in env && env[key] !== '0' && env[key] !== 'false';

export default !stdout.isTTY && (check('CI') || check('CONTINUOUS_INTEGRATION'));
