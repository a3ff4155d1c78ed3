import ExcelJS from 'exceljs';
import { MAX_ARCHIVE_UNCOMPRESSED_MB } from '../../runtime/core/constants';
import { ApiError } from '../http/ApiError';
import { inspectArchive } from '../files/archiveGuard';

/**
 * An uploaded xlsx opened for import: its inflated size is checked first (server/files/archiveGuard),
 * so a small file that would inflate to gigabytes is refused with code 100 before exceljs reads it.
 */
export async function loadImportWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const verdict = await inspectArchive(buffer);
  if (!verdict.ok && verdict.problem === 'tooLarge') throw ApiError.business('file.archiveTooLarge', { mb: MAX_ARCHIVE_UNCOMPRESSED_MB });
  if (!verdict.ok) throw ApiError.business('file.badSpreadsheet');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw ApiError.business('file.badSpreadsheet');
  }
  return book;
}
