import type { HrAnalysisTable } from '../../../../runtime/core/hrAnalysis/topics';
import { saveBlob } from '../../../request/saveBlob';

export interface TableTexts { dept: string; total: string; sheet: string }

/** The table as the screen shows it (departments × values, totals), to an .xlsx built in the browser; exceljs loads on first export. */
export async function exportAnalysisTable(table: HrAnalysisTable, texts: TableTexts, fileName: string): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(texts.sheet.slice(0, 31));
  sheet.addRow([texts.dept, ...table.columns.map((c) => c.name), texts.total]).font = { bold: true };
  for (const row of table.rows) sheet.addRow([row.deptName, ...table.columns.map((c) => row.counts[c.key] ?? 0), row.total]);
  const sums = table.columns.map((c) => table.rows.reduce((sum, r) => sum + (r.counts[c.key] ?? 0), 0));
  sheet.addRow([texts.total, ...sums, table.total]).font = { bold: true };
  sheet.columns.forEach((column, i) => { column.width = i === 0 ? 22 : 14; });
  const buffer = await book.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${fileName}.xlsx`);
}
