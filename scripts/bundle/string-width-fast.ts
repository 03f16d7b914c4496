// Replaces the `string-width` package inside the bundle (Ink measures every text node with it): strings made of
// always-narrow characters are answered at once; anything else goes to the real package, which is loaded on
// first need only: its emoji regular expressions cost about 30 ms to build at start-up.
import { narrowWidth } from '../../src/domain/narrow.js';

interface Options {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}
type StringWidth = (s: string, options?: Options) => number;

// Colour and style codes (SGR), which Ink measures styled text with: they take no columns.
const SGR = /\x1b\[[0-9;:]*m/g;

let real: StringWidth | undefined;
function realStringWidth(): StringWidth {
  // A literal require: esbuild bundles the module and initialises it only when this line first runs. A direct
  // path, so the bundler's alias for 'string-width' does not point back here.
  real ??= (require('../../node_modules/string-width/index.js') as { default: StringWidth }).default;
  return real;
}

export default function stringWidth(s: string, options: Options = {}): number {
  if (typeof s === 'string' && options.ambiguousIsNarrow !== false) {
    const plain = !options.countAnsiEscapeCodes && s.includes('\x1b') ? s.replace(SGR, '') : s;
    const fast = narrowWidth(plain);
    if (fast !== undefined) return fast;
  }
  return realStringWidth()(s, options);
}
