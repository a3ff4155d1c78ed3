/**
 * The checked rows of an import waiting for the write, held as UTF-8 JSON lines, one buffer per
 * slice of the sheet. As live objects a HrContract row takes ~1.5 KB of heap; as a JS string it is
 * stored two bytes a character as soon as it holds one Chinese character; as UTF-8 in a buffer it
 * takes about half that, outside the JS heap, where V8's collector neither scans it nor sizes its
 * next full collection by it (bench/import, 100,000 rows: docs/PERFORMANCE.md).
 */
export class PreparedRows {
  private readonly sealed: Buffer[] = [];
  private open: string[] = [];
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(values: Record<string, unknown>): void {
    // JSON text holds no raw line break (JSON.stringify escapes them inside strings): one row a line.
    this.open.push(JSON.stringify(values));
    this.count += 1;
  }

  /** Ends a slice: its rows leave the heap as one buffer. */
  seal(): void {
    if (this.open.length === 0) return;
    this.sealed.push(Buffer.from(this.open.join('\n'), 'utf8'));
    this.open = [];
  }

  /** Nothing will be written (a row was refused): whatever was kept goes. */
  clear(): void {
    this.sealed.length = 0;
    this.open = [];
    this.count = 0;
  }

  /** The rows in the order they were pushed, each parsed only when the writer asks for it. */
  *rows(): Generator<Record<string, unknown>> {
    this.seal();
    for (const buffer of this.sealed) {
      for (const line of buffer.toString('utf8').split('\n')) yield JSON.parse(line) as Record<string, unknown>;
    }
  }
}
