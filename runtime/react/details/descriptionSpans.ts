/**
 * Spans for a Descriptions section whose wide items (text, attachments, sub-tables) take a whole
 * line. antd wants every line to add up to `columns`; the item before a wide one, and the last
 * item, stretch over what is left of their line.
 */
export function descriptionSpans(wide: readonly boolean[], columns: number): number[] {
  const spans: number[] = [];
  let used = 0;
  const fillLine = () => {
    if (used > 0 && used < columns) spans[spans.length - 1] += columns - used;
    used = 0;
  };
  for (const isWide of wide) {
    if (isWide) {
      fillLine();
      spans.push(columns);
      continue;
    }
    spans.push(1);
    used += 1;
    if (used === columns) used = 0;
  }
  fillLine();
  return spans;
}
