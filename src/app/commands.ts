// What the app itself can be asked to do, from a key or from the ":" palette: a typed union, so a command that
// does not exist does not compile. The number keys and the palette's screen lines come from the screen registry.
import { SCREEN_REGISTRY, type ScreenDef, type ScreenName } from '../../screens/registry.js';
import type { RegionFilter } from '../domain/region.js';
import type { Binding } from '../ui/bindings.js';
import type { PaletteCommand } from '../ui/CommandPalette.js';

export type GlobalCommand =
  | { kind: 'screen'; screen: ScreenName }
  | { kind: 'region'; region: RegionFilter }
  | { kind: 'next-region' }
  | { kind: 'refresh' }
  | { kind: 'help' }
  | { kind: 'palette' }
  | { kind: 'menu' }
  | { kind: 'ctx'; profile: string }
  | { kind: 'quit' };

const keyOf = (s: ScreenDef) => s.key ?? `:${s.name}`;

/** The keys that work on every screen. */
export function globalBindings(run: (c: GlobalCommand) => void): Binding[] {
  return [
    // Every screen is in the help: by its number key, else as `:name` (typed in the palette, never a key name).
    ...SCREEN_REGISTRY.map(
      (s): Binding => ({
        keys: [keyOf(s)],
        label: s.title,
        action: `screen-${s.name}`,
        helpOnly: true,
        run: () => run({ kind: 'screen', screen: s.name }),
      }),
    ),
    { keys: ['R'], label: 'region', run: () => run({ kind: 'next-region' }) },
    { keys: ['r', 'ctrl+r'], label: 'refresh', run: () => run({ kind: 'refresh' }) },
    { keys: [':'], label: 'command', run: () => run({ kind: 'palette' }) },
    { keys: ['.'], label: 'actions', run: () => run({ kind: 'menu' }) },
    { keys: ['?'], label: 'help', run: () => run({ kind: 'help' }) },
    { keys: ['q', 'ctrl+c'], label: 'quit', run: () => run({ kind: 'quit' }) },
  ];
}

/** A line of the ":" palette and the command it runs. */
export interface PaletteEntry extends PaletteCommand {
  command: GlobalCommand;
}

/** Everything ":" offers: every screen (by name or alias), each region the service has, and the app's own commands. */
export function paletteEntries(
  regions: readonly string[],
  /** The config file's profiles to switch to (`:ctx NAME`; `:profile` is the provisioning profiles screen). */
  contexts: readonly string[] = [],
  /** The regions are the fallback (named by environments and stock): the endpoint failed. */
  fallback = false,
): PaletteEntry[] {
  return [
    ...SCREEN_REGISTRY.map(
      (s): PaletteEntry => ({
        name: s.name,
        aliases: s.aliases,
        description: s.title,
        command: { kind: 'screen', screen: s.name },
      }),
    ),
    ...regions.map(
      (r): PaletteEntry => ({
        name: `region ${r.toLowerCase()}`,
        description: fallback
          ? `show only ${r} (named by environments and stock: the regions endpoint failed)`
          : `show only ${r}`,
        command: { kind: 'region', region: r },
      }),
    ),
    { name: 'region all', description: 'show every region', command: { kind: 'region', region: 'ALL' } },
    ...contexts.map(
      (p): PaletteEntry => ({
        name: `ctx ${p}`,
        aliases: [`context ${p}`],
        description: `switch to config profile ${p}`,
        command: { kind: 'ctx', profile: p },
      }),
    ),
    { name: 'refresh', description: 'refresh now', command: { kind: 'refresh' } },
    { name: 'help', description: 'show the keys', command: { kind: 'help' } },
    { name: 'actions', description: 'every action of the selected row', command: { kind: 'menu' } },
    { name: 'quit', aliases: ['q'], description: 'leave', command: { kind: 'quit' } },
  ];
}
