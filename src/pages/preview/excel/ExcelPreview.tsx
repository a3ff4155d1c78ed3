import { Alert, Empty, Tabs } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { RendererProps } from '../rendererProps';
import styles from '../preview.module.css';
import { MAX_RENDERED_COLUMNS, MAX_RENDERED_ROWS, columnLetters, readWorkbook, type CellStyle, type SheetView, type WorkbookView } from './readWorkbook';

function cssOf(style: CellStyle): CSSProperties {
  const decorations = [style.underline ? 'underline' : '', style.strike ? 'line-through' : ''].filter(Boolean).join(' ');
  return {
    fontWeight: style.bold ? 600 : undefined,
    fontStyle: style.italic ? 'italic' : undefined,
    textDecoration: decorations || undefined,
    fontSize: style.fontSize ? `${style.fontSize}pt` : undefined,
    color: style.color,
    background: style.background,
    textAlign: style.align,
    verticalAlign: style.valign,
    whiteSpace: style.wrap ? 'pre-wrap' : undefined,
    wordBreak: style.wrap ? 'break-word' : undefined,
    borderTop: style.borderTop,
    borderRight: style.borderRight,
    borderBottom: style.borderBottom,
    borderLeft: style.borderLeft,
  };
}

function SheetTable({ sheet }: { sheet: SheetView }) {
  const { t } = useTranslation();
  if (sheet.rows.length === 0 || sheet.columns.length === 0) return <Empty description={t('preview.excel.empty')} style={{ padding: 48 }} />;
  const rowHeadWidth = Math.max(40, String(sheet.rows[sheet.rows.length - 1].number).length * 9 + 16);
  const tableWidth = rowHeadWidth + sheet.widths.reduce((a, b) => a + b, 0);
  return (
    <div className={styles.sheetArea}>
      <table className={styles.sheet} style={{ width: tableWidth }} data-testid="excel-sheet" data-sheet={sheet.name}>
        <colgroup>
          <col style={{ width: rowHeadWidth }} />
          {sheet.widths.map((w, i) => <col key={sheet.columns[i]} style={{ width: w }} />)}
        </colgroup>
        <thead>
          <tr>
            <th className={`${styles.rowHead} ${styles.corner}`} />
            {sheet.columns.map((c) => <th key={c}>{columnLetters(c)}</th>)}
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((row) => (
            <tr key={row.number} style={row.height ? { height: row.height } : undefined}>
              <th className={styles.rowHead}>{row.number}</th>
              {row.cells.map((cell, i) => (cell === null ? null : (
                <td key={sheet.columns[i]} rowSpan={cell.rowSpan} colSpan={cell.colSpan} style={cssOf(cell.style)} title={cell.text.length > 20 ? cell.text : undefined}>
                  {cell.text}
                </td>
              )))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An .xlsx workbook: one tab per visible sheet, cells with merges, widths, styles and formatted values. */
export function ExcelPreview({ data, mobile, onReady, onFailure }: RendererProps) {
  const { t } = useTranslation();
  const [workbook, setWorkbook] = useState<WorkbookView | null>(null);
  const [active, setActive] = useState('0');

  useEffect(() => {
    let live = true;
    readWorkbook(data).then((view) => {
      if (!live) return;
      setWorkbook(view);
      onReady();
    }).catch((error: unknown) => { if (live) onFailure(error); });
    return () => { live = false; };
  }, [data, onReady, onFailure]);

  if (!workbook) return null;
  if (workbook.sheets.length === 0) return <Empty description={t('preview.excel.noSheets')} />;
  const items = workbook.sheets.map((sheet, index) => ({
    key: String(index),
    label: <span data-testid="excel-tab">{sheet.name}</span>,
    children: (
      <>
        {sheet.truncated ? (
          <Alert
            className={styles.notice}
            type="warning"
            showIcon
            data-testid="excel-truncated"
            message={t('preview.excel.truncated', {
              sheet: sheet.name, rows: sheet.totalRows, columns: sheet.totalColumns,
              shownRows: Math.min(MAX_RENDERED_ROWS, sheet.rows.length), shownColumns: Math.min(MAX_RENDERED_COLUMNS, sheet.columns.length),
            })}
          />
        ) : null}
        <SheetTable sheet={sheet} />
      </>
    ),
  }));
  return (
    <Tabs
      className={styles.sheetTabs}
      activeKey={active}
      onChange={setActive}
      items={items}
      tabPosition="bottom"
      size={mobile ? 'large' : 'small'}
      type="card"
      destroyOnHidden
    />
  );
}
