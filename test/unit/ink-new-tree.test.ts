/**
 * Ink draws at most maxFps frames a second; a new tree given to render() is drawn at once (the patch on
 * ink/build/ink.js in scripts/bundle/patches.mjs): the app's first full frame follows the header by less than
 * Ink's frame window, and must not wait for its end.
 */
import { Writable } from 'node:stream';
import { render, Text } from 'ink';
import { createElement, useEffect } from 'react';
import { afterEach, expect, it } from 'vitest';
import { INK_OPTIONS } from '../../src/app/ink-options.js';

class Screen extends Writable {
  text = '';
  columns = 80;
  rows = 24;
  isTTY = true;
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

const unmounts: Array<() => void> = [];
afterEach(() => {
  for (const u of unmounts.splice(0)) u();
});

it('writes the first frame of a new tree before its effects run, even right after the previous frame', () => {
  const stdout = new Screen();
  const options = { ...INK_OPTIONS, stdout: stdout as unknown as NodeJS.WriteStream, stdin: process.stdin };
  const first = render(createElement(Text, null, 'the header'), options);
  unmounts.push(() => first.unmount());
  expect(stdout.text).toContain('the header');
  let seenByEffect: boolean | undefined;
  function Whole() {
    useEffect(() => {
      seenByEffect = stdout.text.includes('the whole frame');
    }, []);
    return createElement(Text, null, 'the whole frame');
  }
  // the same Ink instance (same stdout), well within its 50 ms window
  render(createElement(Whole), options);
  expect(seenByEffect).toBe(true);
});
