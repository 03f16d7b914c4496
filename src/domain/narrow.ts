/**
 * Characters every terminal draws one column wide, with no combining behaviour: printable ASCII and Latin-1, and
 * the punctuation, arrows, box drawing, blocks, shapes, control pictures and marks a TUI uses ("—", "…", "●",
 * "▲", "✓", "✖", "⚠", "␛"). A string made only of them is as wide as it is long, so the grapheme segmentation
 * that string-width does for anything non-ASCII can be skipped: it was the largest cost of a frame.
 * (U+00AD soft hyphen is zero-width; U+231A/B and U+25FD/E are emoji: left out. A test checks every character.)
 */
const NARROW =
  /^[\x20-\x7e\xa0-\xac\xae-\xff\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2300-\u2319\u231c-\u231f\u2322-\u2328\u232b-\u23e8\u2400-\u2426\u2500-\u25fc\u25ff\u2713\u2714\u2716\u26a0]*$/;

/** The width of `s` when it is made only of always-narrow characters; undefined when it takes a real measure. */
export function narrowWidth(s: string): number | undefined {
  return NARROW.test(s) ? s.length : undefined;
}
