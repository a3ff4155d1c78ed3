import { readImportSheet, type ReadSheetOptions, type SheetRow } from '../../../server/entity/importWorkbook';

/** Every data row `readImportSheet` hands on, its slices put together. */
export async function readSheetRows(buffer: Buffer, options: Omit<ReadSheetOptions, 'onRows'>): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  await readImportSheet(buffer, { ...options, async onRows(slice) { rows.push(...slice); } });
  return rows;
}
