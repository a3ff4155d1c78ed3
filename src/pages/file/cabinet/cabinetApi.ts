import { request } from '../../../request';

/** The public cabinet's calls (server/modules/file/publicCabinetCalls.ts). */

export type Level = 'none' | 'view' | 'upload' | 'manage';
export interface CabinetFolder { folderId: string; folderName: string; parentId: string | null; level: Level }
export interface CabinetAttachment { attachId: string; name: string; extName: string; fileSize: number }
export interface CabinetFile { fileId: string; title: string; createUserName: string; updateTime: string; mayDelete: boolean; attachments: CabinetAttachment[] }
export interface FolderGrant { grantId: string; subjectType: 'user' | 'role' | 'dept'; subjectId: string; subjectName: string; level: Exclude<Level, 'none'> }

export const cabinetApi = {
  folders: async () => (await request.get<CabinetFolder[]>('/get/file/getMyPublicFolders')).data,
  files: async (folderId: string) => (await request.get<{ level: Level; files: CabinetFile[] }>('/get/file/getPublicFolderFiles', { folderId })).data,
  upload: (folderId: string, file: File, onProgress: (percent: number) => void) => request.upload('/set/file/uploadPublicFile', file, { folderId }, { onProgress }),
  remove: (fileIds: string[]) => request.post('/set/file/deletePublicFiles', { fileIds }),
  grants: async (folderId: string) => (await request.get<FolderGrant[]>('/get/file/getPublicFolderGrants', { folderId })).data,
  addGrants: (folderId: string, level: string, userIds: string[], deptIds: string[]) => request.post('/set/file/addPublicFolderUsers', { folderId, level, userIds, deptIds }),
  removeGrants: (folderId: string, grantIds: string[]) => request.post('/set/file/removePublicFolderUsers', { folderId, grantIds }),
  download: (attachment: CabinetAttachment) => request.download('/get/file/getFileDown', { attachId: attachment.attachId }, { fallbackName: attachment.name }),
};
