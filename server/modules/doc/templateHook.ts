import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { ApiError } from '../../http/ApiError';
import { firstAttachId, readAttachment } from './docFiles';
import { sealImageOf } from './sealImage';
import { compileTemplate } from './templateCheck';

/** The file of `field` when the write sets or changes it; null when it is empty or as stored. */
const changedFile = (field: string, record: Record<string, unknown>, existing?: Record<string, unknown>) => {
  const attachId = firstAttachId(record[field]);
  return !attachId || (existing && attachId === firstAttachId(existing[field])) ? null : attachId;
};

/**
 * DocTemplate's before-write hook: a template is checked when it is saved (not first when a clerk
 * fills it): a .docx whose placeholders pair up and are all known (templateCheck.ts), and a seal
 * picture that is a PNG or JPEG by its bytes (the image upload takes other pictures too).
 */
export const checkTemplateFile: BeforeWriteHook = async ({ ctx, trx, record, existing, t }) => {
  const name = String(record.templateName ?? '');
  const templateId = changedFile('templateFile', record, existing);
  if (templateId) {
    const file = await readAttachment(ctx, trx, templateId);
    if (!file) throw ApiError.business('doc.error.templateFileMissing');
    if (file.extName.toLowerCase() !== 'docx') throw ApiError.business('doc.error.notDocx', { name });
    compileTemplate(file.bytes, name);
  }
  const sealId = changedFile('sealImage', record, existing);
  if (sealId) {
    const seal = await readAttachment(ctx, trx, sealId);
    if (!seal || !sealImageOf(seal.bytes)) {
      throw ApiError.business('doc.error.sealNotImage', { name }, { errors: [{ field: 'sealImage', message: t('doc.error.sealNotImage', { name }) }] });
    }
  }
};
