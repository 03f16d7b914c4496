/**
 * Names a higher layer declares and the layers below it take, typed without an import going up: the screen
 * registry (screens/registry.ts) adds its names to `Registered` by declaration merging, so the config, the store
 * and the kit take a `ScreenName`, and a misspelt screen does not compile anywhere.
 */

// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging (screens/registry.ts)
export interface Registered {}

/** A screen's name in the registry (`string` only where the registry is not compiled in). */
export type ScreenName = Registered extends { screen: infer S extends string } ? S : string;
