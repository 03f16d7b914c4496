// The keys a screen binds, as the app computes them (for tests that check the footer and the help against them).
import { VMS_SPEC } from '../../screens/vms.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import { globalBindings } from '../../src/app/commands.js';
import type { Binding } from '../../src/ui/bindings.js';
import type { AppContextValue } from '../../src/ui/screen/context.js';
import { specBindings } from '../../src/ui/screen/ResourceScreen.js';

const NOTHING = () => {};

/** The VMs screen's keys for this VM (detail closed). */
export function vmScreenBindings(vm: Vm): Binding[] {
  return specBindings(VMS_SPEC, {
    selected: { vm, region: undefined, pending: undefined },
    now: Date.now(),
    detailOpen: false,
    app: {} as AppContextValue,
    control: { select: NOTHING },
    pane: { open: NOTHING, openRaw: NOTHING, close: NOTHING, toggleRaw: NOTHING },
  });
}

/** The keys every screen has. */
export const GLOBAL_KEYS: readonly Binding[] = globalBindings(NOTHING);
