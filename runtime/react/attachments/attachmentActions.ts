import { ATTACHMENT_ROLE_FLAG } from '../../core/constants';
import { isWordExtension } from '../../core/office';

/**
 * What an attachment component lets its user do with one file, by `roleFlag` (spec §4, §6):
 * - 3 and above: preview and download (3 is the read-only level of details screens);
 * - 4 and above: also delete (the default in forms);
 * - 5, on a PC, for Word-type files: also the red-header (套红) template.
 * Levels 1 and 2 are not described by the spec; the suite reads them as narrower: 2 previews
 * only, 1 (and anything lower or unreadable) shows the names only (docs/SHELL.md).
 */
export type AttachmentAction = 'preview' | 'download' | 'delete' | 'redHeader';

export interface AttachmentActionContext {
  roleFlag: number;
  extName: string;
  /** A desktop browser (the red-header template needs an office application). */
  isPc: boolean;
}

/** Level 2: preview only (the spec gives no meaning; the suite's choice, see docs/SHELL.md). */
export const PREVIEW_ONLY_ROLE_FLAG = 2;

export function attachmentActions({ roleFlag, extName, isPc }: AttachmentActionContext): AttachmentAction[] {
  const level = Number.isFinite(roleFlag) ? Math.floor(roleFlag) : 0;
  const actions: AttachmentAction[] = [];
  if (level >= PREVIEW_ONLY_ROLE_FLAG) actions.push('preview');
  if (level >= ATTACHMENT_ROLE_FLAG.download) actions.push('download');
  if (level >= ATTACHMENT_ROLE_FLAG.delete) actions.push('delete');
  if (level >= ATTACHMENT_ROLE_FLAG.redHeader && isPc && isWordExtension(extName)) actions.push('redHeader');
  return actions;
}

/** Uploading new files belongs with deleting them: forms (4 and above). */
export function mayUpload(roleFlag: number): boolean {
  return roleFlag >= ATTACHMENT_ROLE_FLAG.delete;
}

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|DingTalk|wxwork|MicroMessenger/i;

/** True on a desktop browser; a phone, a tablet or a chat app's built-in browser is not a PC. */
export function isPcUserAgent(userAgent: string): boolean {
  return !MOBILE_AGENT.test(userAgent);
}
