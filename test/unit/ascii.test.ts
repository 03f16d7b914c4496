import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/domain/text.js';
import { asciiFold, isUtf8Locale, wantsAscii } from '../../src/ui/ascii.js';

describe('locale', () => {
  it('reads LC_ALL, then LC_CTYPE, then LANG; unset is C (not UTF-8)', () => {
    expect(isUtf8Locale({ LANG: 'en_US.UTF-8' })).toBe(true);
    expect(isUtf8Locale({ LANG: 'C.utf8' })).toBe(true);
    expect(isUtf8Locale({ LANG: 'C' })).toBe(false);
    expect(isUtf8Locale({})).toBe(false);
    expect(isUtf8Locale({ LC_ALL: 'C', LANG: 'en_US.UTF-8' })).toBe(false);
    expect(isUtf8Locale({ LC_CTYPE: 'de_DE.UTF-8', LANG: 'C' })).toBe(true);
    expect(isUtf8Locale({ LANG: 'de_DE.ISO-8859-1' })).toBe(false);
  });

  it('HYPERSTACK_TUI_GLYPHS overrides the locale either way', () => {
    expect(wantsAscii({ LANG: 'C' })).toBe(true);
    expect(wantsAscii({ LANG: 'C', HYPERSTACK_TUI_GLYPHS: 'unicode' })).toBe(false);
    expect(wantsAscii({ LANG: 'en_US.UTF-8', HYPERSTACK_TUI_GLYPHS: 'ascii' })).toBe(true);
  });
});

describe('asciiFold', () => {
  it('leaves ASCII (escape sequences included) as it is', () => {
    const s = '\x1b[1mbold\x1b[22m plain 123 ~!@';
    expect(asciiFold(s)).toBe(s);
  });

  it('gives the app glyphs readable stand-ins', () => {
    expect(asciiFold('● ACTIVE  ◐ STOPPING…  ○ SHUTOFF  ✖ ERROR  ✓ done  ⚠ warn  ↑↓')).toBe(
      '* ACTIVE  ~ STOPPING>  o SHUTOFF  x ERROR  + done  ! warn  ^v',
    );
    expect(asciiFold('╭──╮\n│ab│\n╰──╯')).toBe('+--+\n|ab|\n+--+');
  });

  it('keeps every line the same width, whatever the characters (wide, combining, emoji, unknown)', () => {
    const lines = ['漢字 name', 'e\u0301te', 'gpu 🚀 x', 'λ→∞ ␛[2J', '\x1b[31m● 東京\x1b[39m'];
    for (const line of lines) {
      const folded = asciiFold(line);
      expect(folded).toMatch(/^[\x00-\x7f]*$/);
      expect(displayWidth(folded.replace(/\x1b\[[0-9;]*m/g, ''))).toBe(
        displayWidth(line.replace(/\x1b\[[0-9;]*m/g, '')),
      );
    }
  });
});
