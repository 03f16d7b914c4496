/** How every Ink instance of the app renders (one per terminal: a later render() reuses the first one's). */
export const INK_OPTIONS = {
  exitOnCtrlC: false,
  patchConsole: false,
  // Redraw only the lines that changed, at most 20 times a second: kind to slow SSH links.
  incrementalRendering: true,
  maxFps: 20,
} as const;
