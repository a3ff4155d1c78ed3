import type { RefObject } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { DeskCell } from './DeskGrid';
import type { DeskWidgetConfig } from './deskTypes';
import { cellHeight, PORTAL_GRID, PORTAL_STACK_BELOW, type PortalCell } from './portalTypes';

/** A portal cell as the desk's widget frame expects it: its card as tall as its rows. */
function asWidget(cell: PortalCell): DeskWidgetConfig {
  return { widgetCode: cell.widgetCode, title: cell.title, colSpan: cell.w, height: cellHeight(cell.h), sort: 0, hidden: false, settings: cell.settings };
}

/** On a narrow screen the cells stand one under another, full width, in reading order. */
function stacked(cells: PortalCell[]): Layout {
  let y = 0;
  return cells.map((cell) => {
    const item = { i: cell.widgetCode, x: 0, y, w: PORTAL_GRID.cols, h: cell.h, static: true };
    y += cell.h;
    return item;
  });
}

/**
 * A portal's widgets on its 24-column grid, fixed where the designer put them (the real
 * widgets, framed like the personal desk's); on a narrow screen one under another. One grid in
 * both cases, so a resize moves the widgets and never mounts them (and loads their data) again.
 */
export function PortalGrid({ cells, testId }: { cells: PortalCell[]; testId: string }) {
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useContainerWidth();
  if (cells.length === 0) return <Empty description={t('portal.desk.empty')} data-testid={`${testId}-empty`} />;
  const ordered = [...cells].sort((a, b) => a.y - b.y || a.x - b.x);
  const layout: Layout = width < PORTAL_STACK_BELOW ? stacked(ordered)
    : ordered.map((cell) => ({ i: cell.widgetCode, x: cell.x, y: cell.y, w: cell.w, h: cell.h, static: true }));
  return (
    <div ref={containerRef as RefObject<HTMLDivElement>} /* typed for React 19 refs */ data-testid={testId}>
      {mounted && (
        <ReactGridLayout width={width} layout={layout} compactor={verticalCompactor}
          gridConfig={{ ...PORTAL_GRID, containerPadding: [0, 0] }} dragConfig={{ enabled: false }} resizeConfig={{ enabled: false }}>
          {ordered.map((cell) => (
            <div key={cell.widgetCode} data-testid={`portal-cell-${cell.widgetCode}`}>
              <DeskCell widget={asWidget(cell)} />
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
