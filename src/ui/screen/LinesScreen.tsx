import { useState } from 'react';
import type { Binding } from '../bindings.js';
import { type DetailLine, DetailPane, detailBodyHeight, scrollReduce } from '../DetailPane.js';
import { useApp, useScreenKeys } from './context.js';

export interface LinesScreenProps {
  title: string;
  lines: DetailLine[];
  width: number;
  height: number;
  /** Keys of the screen around it (switch view …). */
  extraBindings?: readonly Binding[];
}

/** A screen (or a view of one) that is a scrollable page of lines: contracts, a long text. */
export function LinesScreen({ title, lines, width, height, extraBindings = [] }: LinesScreenProps) {
  const [offset, setOffset] = useState(0);
  useScreenKeys(extraBindings, (name) => {
    const next = scrollReduce(offset, name, lines.length, detailBodyHeight(height));
    if (next === undefined) return false;
    setOffset(next);
    return true;
  });
  const { theme } = useApp();
  return (
    <DetailPane
      title={title}
      lines={lines}
      width={width}
      height={height}
      offset={offset}
      hint="j/k scroll"
      theme={theme}
    />
  );
}
