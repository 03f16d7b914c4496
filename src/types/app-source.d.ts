// The virtual module scripts/build.mjs gives src/boot.ts: where each piece of the app is in the bundle.
declare module 'hyperstack-tui:app' {
  const manifest: unknown;
  export default manifest;
}
