import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { paletteEntries } from '../../src/app/commands.js';
import {
  CommandPalette,
  initialPaletteState,
  type PaletteCommand,
  type PaletteResult,
  type PaletteState,
  paletteMatches,
  paletteReduce,
} from '../../src/ui/CommandPalette.js';

// What the app offers: the screens from the registry, two regions, refresh, help and quit.
const COMMANDS: readonly PaletteCommand[] = paletteEntries(['NORWAY-1', 'CANADA-1']);
/** Feeds key names (single chars are typed as themselves); returns the last result. */
function keys(
  names: string[],
  state: PaletteState = initialPaletteState,
  commands = COMMANDS,
): PaletteResult {
  let r: PaletteResult = { state };
  for (const n of names) r = paletteReduce(r.state, n, n.length === 1 ? n : '', {}, commands);
  return r;
}
const typed = (text: string, ...more: string[]) => keys([...text.split(''), ...more]);
const names = (cs: readonly PaletteCommand[]) => cs.map((c) => c.name);

describe('paletteMatches', () => {
  it('lists prefix matches first, then substring matches', () => {
    const cmds: PaletteCommand[] = [
      { name: 'firewalls', description: '' },
      { name: 'stock', description: '' },
      { name: 'vms', description: '' },
      { name: 'st', description: '' },
    ];
    expect(names(paletteMatches(cmds, 'st'))).toEqual(['stock', 'st']);
    expect(names(paletteMatches(cmds, 'l'))).toEqual(['firewalls']);
    expect(names(paletteMatches(cmds, 'o'))).toEqual(['stock']);
    expect(names(paletteMatches(cmds, 'S'))).toEqual(['stock', 'st', 'firewalls', 'vms']);
    expect(names(paletteMatches(cmds, ''))).toEqual(names(cmds));
    expect(names(paletteMatches(COMMANDS, 'norway'))).toEqual(['region norway-1']);
  });
});

describe('paletteReduce', () => {
  it('typing filters and resets the highlight', () => {
    const r = typed('cl');
    expect(r.state.input.value).toBe('cl');
    expect(r.state.highlight).toBe(0);
    expect(names(paletteMatches(COMMANDS, r.state.input.value))).toEqual(['clusters']);
  });

  it('Tab completes to the unique match', () => {
    const r = typed('fi', 'tab');
    expect(r.state.input).toEqual({ value: 'firewalls', cursor: 9 });
    expect(r.run).toBeUndefined();
  });

  it('Tab completes to the highlighted match after ↓', () => {
    const r = typed('reg', 'down', 'tab');
    expect(r.state.input.value).toBe('region canada-1');
    const enter = paletteReduce(r.state, 'enter', '', {}, COMMANDS);
    expect(enter.run).toBe('region canada-1');
  });

  it('↑ wraps around the matches', () => {
    const r = typed('reg', 'up');
    expect(r.state.highlight).toBe(2);
  });

  it('Enter runs the exact command typed (case and spaces do not matter)', () => {
    expect(typed('vms', 'enter').run).toBe('vms');
    expect(typed('q', 'enter').run).toBe('quit');
    expect(typed(' Region  CANADA-1 ', 'enter').run).toBe('region canada-1');
  });

  it('Enter runs the only match, or the highlighted one once the user moved it', () => {
    expect(typed('clu', 'enter').run).toBe('clusters');
    expect(typed('reg', 'down', 'enter').run).toBe('region canada-1');
  });

  it('Enter on an unknown command runs nothing and shows an error', () => {
    const r = typed('frobnicate', 'enter');
    expect(r.run).toBeUndefined();
    expect(r.close).toBeUndefined();
    expect(r.state.error).toBe('unknown command: frobnicate');
    // The next edit clears it.
    expect(paletteReduce(r.state, 'backspace', '', {}, COMMANDS).state.error).toBeUndefined();
  });

  it('Enter on an ambiguous prefix says so instead of guessing', () => {
    const r = typed('reg', 'enter');
    expect(r.run).toBeUndefined();
    expect(r.state.error).toMatch(/^ambiguous: reg could be region norway-1, region canada-1, region all/);
  });

  it('Esc closes; Enter or Backspace on an empty prompt closes', () => {
    expect(typed('vm', 'esc').close).toBe(true);
    expect(keys(['enter']).close).toBe(true);
    expect(keys(['backspace']).close).toBe(true);
    expect(typed('v', 'backspace').close).toBeUndefined();
  });

  it('uses the command list it is given', () => {
    const cmds = [{ name: 'deploy', description: 'ship it' }];
    expect(keys(['d', 'tab', 'enter'], initialPaletteState, cmds).run).toBe('deploy');
    expect(keys(['v', 'm', 's', 'enter'], initialPaletteState, cmds).run).toBeUndefined();
  });

  it('keeps control characters out of the prompt', () => {
    const r = paletteReduce(initialPaletteState, '\x1b[2J', '\x1b[2J', {}, COMMANDS);
    expect(r.state.input.value).toBe('[2J');
  });
});

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());
function draw(state: PaletteState, width = 60, maxRows?: number) {
  unmount?.();
  const r = render(<CommandPalette state={state} commands={COMMANDS} width={width} maxRows={maxRows} />);
  unmount = r.unmount;
  return (r.lastFrame() ?? '').replace(/\x1b\[[0-9;]*m/g, '');
}

describe('CommandPalette', () => {
  it('draws the prompt, the matches with the highlight marked, and descriptions', () => {
    const f = draw(typed('reg', 'down').state);
    const lines = f.split('\n');
    expect(lines[0]).toBe(':reg');
    expect(lines[1]).toMatch(/^ {2}region norway-1 +show only NORWAY-1/);
    expect(lines[2]).toMatch(/^› region canada-1 +show only CANADA-1/);
    expect(lines[3]).toMatch(/^ {2}region all/);
  });

  it('shows the error after an unknown command', () => {
    const f = draw(typed('nope', 'enter').state);
    expect(f).toContain('✖ unknown command: nope');
    expect(f).toContain('no matching command');
  });

  it('keeps the highlight in the window and counts the rest', () => {
    const state = keys(['down', 'down', 'down', 'down']).state;
    const f = draw(state, 60, 3);
    expect(f).toMatch(/› clusters|› firewalls|› billing/);
    expect(f).toContain('› billing');
    expect(f).toContain(`${COMMANDS.length - 3} more`);
  });
});

describe('CommandPalette highlight', () => {
  it('marks no suggestion on an empty prompt (Enter would run nothing), one after ↓', () => {
    expect(draw(initialPaletteState)).not.toContain('›');
    expect(draw(keys(['down']).state)).toContain('› vms');
    expect(keys(['down', 'enter']).run).toBe('vms');
  });
});

describe('paletteReduce: other keys', () => {
  it('ctrl+n/ctrl+p and shift+tab move the highlight too', () => {
    expect(typed('reg', 'ctrl+n').state.highlight).toBe(1);
    expect(typed('reg', 'ctrl+n', 'ctrl+p').state.highlight).toBe(0);
    expect(typed('reg', 'shift+tab').state.highlight).toBe(2);
  });
  it('arrows do nothing without matches; Tab does nothing without a match', () => {
    const r = typed('zzz', 'down', 'tab');
    expect(r.state.input.value).toBe('zzz');
    expect(r.state.highlight).toBe(0);
  });
});
