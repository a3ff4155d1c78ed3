import type { RuntimeServices } from '../RuntimeServices';

/** The file calls of API-CONTRACT.md, in one place for the upload widgets and the details screen. */

export interface AttachmentInfo {
  attachId: string;
  name: string;
  extName: string;
  fileSize?: number;
  createTime?: string;
}

export interface UploadedFile {
  fileName: string;
  attachId: string;
  extName: string;
  fileSize: number;
}

export const UPLOAD_PATH = '/set/file/uploadFile';
export const ATTACH_LIST_PATH = '/get/file/getAttachList';
export const FILE_DOWNLOAD_PATH = '/get/file/getFileDown';

type Request = RuntimeServices['request'];

export async function loadAttachments(request: Request, attachIds: readonly string[]): Promise<AttachmentInfo[]> {
  if (attachIds.length === 0) return [];
  const answer = await request.get<AttachmentInfo[]>(ATTACH_LIST_PATH, { attachIds: attachIds.join(',') });
  return Array.isArray(answer.data) ? answer.data : [];
}

export async function uploadAttachment(request: Request, file: File): Promise<UploadedFile> {
  const answer = await request.upload<UploadedFile>(UPLOAD_PATH, file, { module: 'fixedattach' });
  return answer.data;
}

export function downloadAttachment(request: Request, attachment: Pick<AttachmentInfo, 'attachId' | 'extName'>): Promise<void> {
  return request.download(FILE_DOWNLOAD_PATH, { attachId: attachment.attachId, extName: attachment.extName });
}
