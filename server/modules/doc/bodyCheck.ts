import PizZip from 'pizzip';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { ApiError } from '../../http/ApiError';
import { firstAttachId, readAttachment } from './docFiles';
import { MAIN_DOCUMENT } from './docxPackage';

/**
 * A 发文's 正文 is one Word document (.docx): 套红 and the preview read it as one. Refused when the
 * 发文 is saved with another file — by its name and by its content (a renamed file is no zip
 * with a main document) —, not first at 套红. A body the write leaves as stored is not read again.
 */
export const refuseNonDocxBody: BeforeWriteHook = async ({ ctx, trx, record, existing, t }) => {
  const attachId = firstAttachId(record.bodyFile);
  if (!attachId || (existing && attachId === firstAttachId(existing.bodyFile))) return;
  const file = await readAttachment(ctx, trx, attachId);
  const name = file?.name ?? attachId;
  let opens = false;
  if (file && file.extName.toLowerCase() === 'docx') {
    try {
      opens = new PizZip(file.bytes).file(MAIN_DOCUMENT) !== null;
    } catch {
      opens = false;
    }
  }
  // A field error too, so the form marks the body field.
  if (!opens) throw ApiError.business('doc.error.bodyMustBeDocx', { name }, { errors: [{ field: 'bodyFile', message: t('doc.error.bodyMustBeDocx', { name }) }] });
};
