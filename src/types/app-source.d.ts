// The app's bundled source, embedded by scripts/build.mjs into the loader (src/boot.ts).
declare module 'hyperstack-tui:app' {
  const source: string;
  export default source;
  /** A hash of `source`: names its code cache. */
  export const APP_KEY: string;
}
