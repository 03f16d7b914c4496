// Replaces the `string-width` package inside the bundle (Ink measures every text node with it): strings made of
// always-narrow characters are answered at once; anything else goes to the real package.
// A direct path, so the bundler's alias for 'string-width' does not point back here.
import realStringWidth from '../node_modules/string-width/index.js';
import { narrowWidth } from '../src/domain/narrow.js';

interface Options {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}

export default function stringWidth(s: string, options: Options = {}): number {
  if (typeof s === 'string' && options.ambiguousIsNarrow !== false) {
    const fast = narrowWidth(s);
    if (fast !== undefined) return fast;
  }
  return realStringWidth(s, options);
}
