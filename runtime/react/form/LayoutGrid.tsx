import type { ReactNode } from 'react';

export interface LayoutGridProps {
  /** Columns this grid takes in its parent grid; the form's outermost grid has none. */
  span?: number;
  children?: ReactNode;
}

/**
 * A 24-column CSS grid: the form, each tab and each layout column is one. Children place
 * themselves with `grid-column: span N`, so an item hidden by an expression leaves no gap.
 */
export function LayoutGrid({ span, children }: LayoutGridProps) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(24, minmax(0, 1fr))',
        columnGap: 16,
        alignContent: 'start',
        gridColumn: span === undefined ? undefined : `span ${span}`,
      }}
    >
      {children}
    </div>
  );
}
