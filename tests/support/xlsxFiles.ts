import ExcelJS from 'exceljs';

/** An xlsx file of a header row and data rows, on one sheet (named as an import's would be). */
export async function workbook(rows: (string | number)[][], sheetName = '导入'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The first sheet of an xlsx answer as rows of cell texts. */
export async function readSheet(body: ArrayBuffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => { rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))); });
  return rows;
}
