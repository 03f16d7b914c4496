import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { type Binding, TABLE_BINDINGS, visible } from '../../src/ui/bindings.js';
import { Footer, footerItems, keyLabel } from '../../src/ui/Footer.js';
import { StatusLine, statusText } from '../../src/ui/StatusLine.js';
import { isTooSmall, TooSmall, tooSmallText } from '../../src/ui/TooSmall.js';
import { createTheme } from '../../src/ui/theme.js';
import { GLOBAL_KEYS as GLOBAL_BINDINGS } from '../support/bindings.js';
import { withColour } from '../support/colour.js';

// Colours on, so colour codes would show in the frames.
withColour();

const VM_BINDINGS: Binding[] = [
  { keys: ['enter'], label: 'details' },
  { keys: ['s'], label: 'stop', mutation: true },
  { keys: ['ctrl+d'], label: 'delete', mutation: true },
  { keys: ['y'], label: 'copy id', helpOnly: true },
];
const plain = (s: string | undefined) => (s ?? '').replace(/\x1b\[[0-9;]*m/g, '');

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());
function draw(node: React.ReactElement) {
  unmount?.();
  const r = render(node);
  unmount = r.unmount;
  return plain(r.lastFrame());
}

describe('Footer', () => {
  it('shows "key label" for bindings that are not helpOnly', () => {
    const f = draw(<Footer bindings={[...VM_BINDINGS, ...GLOBAL_BINDINGS]} width={200} />);
    expect(f).toContain('Enter details');
    expect(f).toContain('s stop');
    expect(f).toContain('^d delete');
    expect(f).toContain('? help');
    expect(f).toContain('q quit');
    expect(f).not.toContain('copy id');
    expect(f).not.toContain('stock');
    expect(f).not.toContain('more');
  });

  it('hides mutations when given visible(…, true)', () => {
    const f = draw(<Footer bindings={visible([...VM_BINDINGS, ...GLOBAL_BINDINGS], true)} width={200} />);
    expect(f).toContain('Enter details');
    expect(f).not.toContain('stop');
    expect(f).not.toContain('delete');
  });

  it('truncates to the width with "? more"', () => {
    const all = [...VM_BINDINGS, ...TABLE_BINDINGS, ...GLOBAL_BINDINGS];
    const f = draw(<Footer bindings={all} width={40} />);
    expect(f.length).toBeLessThanOrEqual(40);
    expect(f).toMatch(/\? more$/);
    expect(f.startsWith('Enter details  s stop')).toBe(true);
    const { items, more } = footerItems(all, 40);
    expect(more).toBe(true);
    expect(items.length).toBeGreaterThan(0);
  });

  it('names keys readably', () => {
    expect(keyLabel('down')).toBe('↓');
    expect(keyLabel('ctrl+r')).toBe('^r');
    expect(keyLabel('pgdn')).toBe('PgDn');
    expect(keyLabel('G')).toBe('G');
  });
});

describe('StatusLine', () => {
  it('shows a symbol per tone so the tone reads without colour', () => {
    const at = 0;
    expect(statusText({ text: 'VM gpu-7 stopped', tone: 'ok', at }, 80)).toBe('✓ VM gpu-7 stopped');
    expect(statusText({ text: 'HTTP 403', tone: 'error', at }, 80)).toBe('✖ HTTP 403');
    expect(statusText({ text: 'stopping gpu-7', tone: 'pending', at }, 80)).toBe('… stopping gpu-7');
    expect(statusText({ text: 'copied', tone: 'info', at }, 80)).toBe('· copied');
  });

  it('sanitizes and truncates the text to the width', () => {
    const f = draw(
      <StatusLine
        message={{ text: `evil\x1b]52;c;aGk=\x07 ${'x'.repeat(100)}`, tone: 'error', at: 0 }}
        width={30}
      />,
    );
    expect(f).not.toContain('\x1b]52');
    expect(f).not.toContain('\x07');
    expect(f).toContain('✖ evil␛]52;c;aGk=␇');
    expect([...f].length).toBe(30);
    expect(f.endsWith('…')).toBe(true);
  });

  it('is an empty line without a message', () => {
    expect(draw(<StatusLine message={null} width={30} />).trim()).toBe('');
  });

  it('colours by tone only when colour is on', () => {
    const raw = (color: boolean) => {
      unmount?.();
      const message = { text: 'x', tone: 'error' as const, at: 0 };
      const r = render(<StatusLine message={message} width={30} theme={createTheme({ color })} />);
      unmount = r.unmount;
      return r.lastFrame() ?? '';
    };
    expect(raw(true)).toContain('\x1b[31m');
    expect(raw(false)).not.toMatch(/\x1b\[3\dm/);
  });
});

describe('TooSmall', () => {
  it('says plainly what is needed and what there is', () => {
    expect(draw(<TooSmall width={60} height={20} />)).toBe('terminal too small: need 80×24, have 60×20');
    expect(tooSmallText({ width: 100, height: 10 }, { width: 90, height: 30 })).toBe(
      'terminal too small: need 90×30, have 100×10',
    );
    expect(isTooSmall({ width: 80, height: 24 })).toBe(false);
    expect(isTooSmall({ width: 79, height: 24 })).toBe(true);
    expect(isTooSmall({ width: 80, height: 23 })).toBe(true);
  });
});
