/**
 * Ink lays frames out with Yoga, whose WebAssembly loads asynchronously (in the bundle: scripts/bundle/yoga-lazy.mjs,
 * compiled off the main thread while the app starts). Start it early; await it before Ink first draws. Outside the
 * bundle (tests), the package has loaded it already.
 */
let ready: Promise<void> | undefined;

export function layoutEngine(): Promise<void> {
  ready ??= import('yoga-layout').then((m) => (m as { loadYoga?: () => Promise<void> }).loadYoga?.());
  return ready;
}
