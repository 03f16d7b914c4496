// The keys that work right now, from the same bindings the dispatcher uses. The caller passes the bindings of the
// layers in effect, already filtered for read-only (visible()); helpOnly ones stay in the help.
import { Text } from 'ink';
import { sanitize } from '../domain/sanitize.js';
import { displayWidth, truncate } from '../domain/text.js';
import type { Binding } from './bindings.js';
import { PLAIN_THEME, type Theme } from './theme.js';

const KEY_LABELS: Readonly<Record<string, string>> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  enter: 'Enter',
  esc: 'Esc',
  tab: 'Tab',
  'shift+tab': 'Shift+Tab',
  pgup: 'PgUp',
  pgdn: 'PgDn',
  home: 'Home',
  end: 'End',
  backspace: 'Backspace',
  ' ': 'Space',
};

/** How a key name from keyName() is shown: arrows as arrows, "ctrl+c" as "^c". */
export function keyLabel(name: string): string {
  const known = KEY_LABELS[name];
  if (known) return known;
  if (name.startsWith('ctrl+') && name.length === 6) return `^${name.slice(5)}`;
  return sanitize(name);
}

export interface FooterItem {
  key: string;
  label: string;
  /** Refused now (the binding's `disabled`): drawn dim, its label in brackets (meaning not by colour alone). */
  disabled?: true;
}

const GAP = '  ';
export const MORE = '? more';
/** After the label of a key that changes something in the cloud (the help says so too). */
export const CHANGE_MARK = '*';

/**
 * The footer's pairs that fit in `width`: each binding's first key and label, helpOnly ones left out, a change
 * marked "*". When not all fit, the line ends with "? more" (the help lists everything).
 */
export function footerItems(
  bindings: readonly Binding[],
  width: number,
): { items: FooterItem[]; more: boolean } {
  const all = bindings
    .filter((b) => !b.helpOnly && !b.unavailable && b.keys.length > 0)
    .map((b): FooterItem => {
      const label = sanitize(b.label) + (b.mutation ? CHANGE_MARK : '');
      const key = keyLabel(b.keys[0] as string);
      return b.disabled ? { key, label: `(${label})`, disabled: true } : { key, label };
    });
  const pairWidth = (i: FooterItem) => displayWidth(i.key) + 1 + displayWidth(i.label);
  const total = all.reduce((n, i, idx) => n + (idx ? GAP.length : 0) + pairWidth(i), 0);
  if (total <= width) return { items: all, more: false };
  const budget = width - GAP.length - MORE.length;
  const items: FooterItem[] = [];
  let used = 0;
  for (const i of all) {
    const w = (items.length ? GAP.length : 0) + pairWidth(i);
    if (used + w > budget) break;
    items.push(i);
    used += w;
  }
  return { items, more: true };
}

export interface FooterProps {
  bindings: readonly Binding[];
  width: number;
  theme?: Theme;
}

export function Footer({ bindings, width, theme = PLAIN_THEME }: FooterProps) {
  const { items, more } = footerItems(bindings, width);
  if (items.length === 0 && more) {
    return <Text wrap="truncate-end">{truncate(MORE, width)}</Text>;
  }
  return (
    <Text wrap="truncate-end">
      {items.map((i, idx) => (
        <Text key={`${i.key} ${i.label}`}>
          {idx ? GAP : ''}
          <Text
            bold={!i.disabled}
            color={i.disabled ? undefined : theme.accent}
            dimColor={i.disabled && theme.color}
          >
            {i.key}
          </Text>{' '}
          <Text dimColor={i.disabled && theme.color}>{i.label}</Text>
        </Text>
      ))}
      {more ? (
        <Text dimColor={theme.color}>
          {items.length ? GAP : ''}
          {MORE}
        </Text>
      ) : null}
    </Text>
  );
}
