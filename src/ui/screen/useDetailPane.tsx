import { Text } from 'ink';
import { useState } from 'react';
import { type DetailLine, DetailPane, detailBodyHeight, scrollReduce } from '../DetailPane.js';
import { useApp } from './context.js';

/** A table's detail pane: its record (undefined once gone), the split of `height`, scrolling, commands. */
export function useDetailPane<R, Id>(records: readonly R[], idOf: (r: R) => Id, height: number) {
  const { theme } = useApp();
  const [detail, setDetail] = useState<{ id: Id; raw: boolean; offset: number } | null>(null);
  const tableHeight = detail ? Math.max(5, Math.floor(height * 0.35)) : height;
  const paneHeight = height - tableHeight;
  const record = detail ? records.find((r) => idOf(r) === detail.id) : undefined;
  return {
    detail,
    record,
    tableHeight,
    /** Scrolls the open pane over `total` lines; false if `name` is no scroll key. */
    scroll(name: string, total: number): boolean {
      if (!detail) return false;
      const next = scrollReduce(detail.offset, name, total, detailBodyHeight(paneHeight));
      if (next !== undefined) setDetail({ ...detail, offset: next });
      return next !== undefined;
    },
    open(record: R): void {
      setDetail({ id: idOf(record), raw: false, offset: 0 });
    },
    /** Opens the record's raw JSON at once (`y` on the table). */
    openRaw(record: R): void {
      setDetail({ id: idOf(record), raw: true, offset: 0 });
    },
    close(): void {
      setDetail(null);
    },
    /** The raw JSON of the record, or back to its fields. */
    toggleRaw(): void {
      if (detail) setDetail({ ...detail, raw: !detail.raw, offset: 0 });
    },
    /** The open pane, or the `gone` text when its record left `records`. */
    view(width: number, lines: DetailLine[], title: (r: R) => string, gone: string) {
      if (!detail) return null;
      if (!record) return <Text color={theme.warn}>{gone} (esc to go back)</Text>;
      return (
        <DetailPane
          title={`${title(record)}${detail.raw ? ' (raw JSON)' : ''}`}
          lines={lines}
          width={width}
          height={paneHeight}
          offset={detail.offset}
          hint={`esc back · y ${detail.raw ? 'fields' : 'raw JSON'} · j/k scroll`}
          theme={theme}
        />
      );
    },
  };
}
