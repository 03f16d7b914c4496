import { describe, expect, it } from 'vitest';
import { keyToAction } from '../../src/ui/table/key-actions.js';

const normal = { filterMode: false, hasFilter: false };
const typing = { filterMode: true, hasFilter: false };

describe('keyToAction (normal mode)', () => {
  it.each([
    ['j', {}, 'down'],
    ['k', {}, 'up'],
    ['', { downArrow: true }, 'down'],
    ['', { upArrow: true }, 'up'],
    ['g', {}, 'top'],
    ['G', { shift: true }, 'bottom'],
    ['', { home: true }, 'top'],
    ['', { end: true }, 'bottom'],
    ['', { pageDown: true }, 'pageDown'],
    ['', { pageUp: true }, 'pageUp'],
    ['f', { ctrl: true }, 'pageDown'],
    ['b', { ctrl: true }, 'pageUp'],
  ])('%j %j moves %s', (input, key, command) => {
    expect(keyToAction(input, key, normal)).toEqual({ type: 'move', command });
  });

  it('starts a filter with / and sorts with s / S', () => {
    expect(keyToAction('/', {}, normal)).toEqual({ type: 'filterStart' });
    expect(keyToAction('o', {}, normal)).toEqual({ type: 'sortNext' });
    expect(keyToAction('O', { shift: true }, normal)).toEqual({ type: 'sortFlip' });
    expect(keyToAction('>', {}, normal)).toEqual({ type: 'sortMove', by: 1 });
    expect(keyToAction('<', {}, normal)).toEqual({ type: 'sortMove', by: -1 });
  });

  it('uses Esc only to clear an active filter, leaving it to the screen otherwise', () => {
    expect(keyToAction('', { escape: true, meta: true }, normal)).toBeNull();
    expect(keyToAction('', { escape: true, meta: true }, { ...normal, hasFilter: true })).toEqual({
      type: 'filterClear',
    });
  });

  it('leaves other keys to the screen', () => {
    expect(keyToAction('d', {}, normal)).toBeNull();
    expect(keyToAction('g', { ctrl: true }, normal)).toBeNull();
    expect(keyToAction('j', { meta: true }, normal)).toBeNull();
  });
});

describe('keyToAction (typing a filter)', () => {
  it('treats letters, including command letters, as filter text', () => {
    expect(keyToAction('j', {}, typing)).toEqual({ type: 'filterInput', text: 'j' });
    expect(keyToAction('/', {}, typing)).toEqual({ type: 'filterInput', text: '/' });
    expect(keyToAction('東京', {}, typing)).toEqual({ type: 'filterInput', text: '東京' });
  });

  it('edits, confirms and clears', () => {
    expect(keyToAction('', { backspace: true }, typing)).toEqual({ type: 'filterBackspace' });
    expect(keyToAction('', { delete: true }, typing)).toEqual({ type: 'filterBackspace' });
    expect(keyToAction('', { return: true }, typing)).toEqual({ type: 'filterConfirm' });
    expect(keyToAction('', { escape: true, meta: true }, typing)).toEqual({ type: 'filterClear' });
    expect(keyToAction('u', { ctrl: true }, typing)).toEqual({ type: 'filterSet', text: '' });
  });

  it('still moves with the arrow keys', () => {
    expect(keyToAction('', { downArrow: true }, typing)).toEqual({ type: 'move', command: 'down' });
  });

  it('never puts control characters into the filter', () => {
    expect(keyToAction('a\x1b[2J', {}, typing)).toBeNull();
    expect(keyToAction('', { tab: true }, typing)).toBeNull();
  });
});
