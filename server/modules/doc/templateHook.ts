import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { ApiError } from '../../http/ApiError';
import { firstAttachId, readAttachment } from './docFiles';
import { compileTemplate } from './templateCheck';

/**
 * DocTemplate's before-write hook: a template is checked when it is saved (not first when a clerk
 * fills it): a .docx whose placeholders pair up and are all known (templateCheck.ts).
 */
export const checkTemplateFile: BeforeWriteHook = async ({ ctx, trx, record, existing }) => {
  const attachId = firstAttachId(record.templateFile);
  if (!attachId || (existing && attachId === firstAttachId(existing.templateFile))) return;
  const name = String(record.templateName ?? '');
  const file = await readAttachment(ctx, trx, attachId);
  if (!file) throw ApiError.business('doc.error.templateFileMissing');
  if (file.extName.toLowerCase() !== 'docx') throw ApiError.business('doc.error.notDocx', { name });
  compileTemplate(file.bytes, name);
};
