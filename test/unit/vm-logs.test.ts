/**
 * A VM's console log keeps the last 500 lines asked for, whatever the service sends: 485,500 lines were once all
 * kept. Read from the end, lines cut to their most, CRLF and a last line break read as the service means them.
 */
import { describe, expect, it } from 'vitest';
import { LOG_LINE_MAX, LOG_LINES, lastLines } from '../../src/store/actions/vm-logs.js';

describe('the console log', () => {
  it('485,500 lines sent for 500 asked: the last 500 kept, and how many came', () => {
    const text = Array.from({ length: 485_500 }, (_, i) => `line ${i}`).join('\n');
    const { lines, total } = lastLines(`${text}\n`);
    expect(total).toBe(485_500);
    expect(lines).toHaveLength(LOG_LINES);
    expect(lines[0]).toBe('line 485000');
    expect(lines.at(-1)).toBe('line 485499');
  });

  it('as split(/\\r?\\n/) would read them, when fewer; a long line is cut', () => {
    for (const text of ['', 'a', 'a\n', 'a\r\nb\r\n', '\na\n\nb', '\n', 'x\n\n']) {
      const lines = text.split(/\r?\n/);
      if (lines.at(-1) === '') lines.pop();
      expect(lastLines(text), JSON.stringify(text)).toEqual({ lines, total: lines.length });
    }
    const [line] = lastLines('y'.repeat(LOG_LINE_MAX * 3)).lines;
    expect(line).toBe(`${'y'.repeat(LOG_LINE_MAX)}…`);
  });
});
