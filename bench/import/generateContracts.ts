import ExcelJS from 'exceljs';

/** Signers by account (each names one user of the demo organisation), and the contract types by label. */
const SIGNERS = ['lina', 'liuyang', 'chenjing', 'zhaomin', 'wangfang', 'xuming'];
const TYPES = ['固定期限劳动合同', '无固定期限劳动合同', '劳务合同', '实习协议'];
export const CONTRACT_HEADER = ['合同编号', '签订人', '合同类型', '开始日期', '结束日期', '合同金额（元/月）', '是否续签', '备注'];

/**
 * An HrContract import file of `rows` rows as people write them (accounts, labels, 是/否), written
 * by ExcelJS's streaming writer so the generator itself never holds the workbook. `badRow` (a
 * 0-based data row) gets an end date before its start date.
 */
export async function generateContracts(
  filename: string, rows: number, { prefix = 'BI', badRow }: { prefix?: string; badRow?: number } = {},
): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useSharedStrings: true, useStyles: false });
  const sheet = writer.addWorksheet('导入');
  sheet.addRow(CONTRACT_HEADER).commit();
  for (let i = 0; i < rows; i += 1) {
    const year = 2020 + (i % 6);
    const month = String(1 + (i % 12)).padStart(2, '0');
    sheet.addRow([
      `${prefix}-${String(i).padStart(7, '0')}`, SIGNERS[i % SIGNERS.length], TYPES[i % TYPES.length],
      // The bad row (tests) ends before it starts.
      `${year}-${month}-01`, i === badRow ? `${year - 1}-${month}-01` : `${year + 3}-${month}-01`, 5000 + (i % 1000) * 10, '否', `批量导入 ${i}`,
    ]).commit();
  }
  sheet.commit();
  await writer.commit();
}
