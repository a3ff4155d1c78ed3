import { request } from '../../../request';

/** The network disk's calls (server/modules/file/netDiskCalls.ts, netDiskShares.ts). */

export interface DiskItem {
  itemId: string;
  name: string;
  itemType: 'folder' | 'file';
  parentId: string | null;
  attachId: string | null;
  extName: string | null;
  fileSize: number;
  recycleTime: string | null;
  updateTime: string;
}
export interface DiskUsage { used: number; quota: number }
export interface FolderContent { items: DiskItem[]; path: { itemId: string; name: string }[]; usage: DiskUsage }
export interface CreatedShare { shareId: string; token: string; password: string | null; expireTime: string | null; path: string }

export const netDiskApi = {
  list: async (parentId: string | null) => (await request.get<FolderContent>('/get/file/getNetDiskItems', parentId ? { parentId } : {})).data,
  recycleBin: async () => (await request.get<{ items: DiskItem[]; usage: DiskUsage }>('/get/file/getNetDiskRecycleList')).data,
  folderTree: async () => (await request.get<{ itemId: string; name: string; parentId: string | null }[]>('/get/file/getNetDiskFolderTree')).data,
  createFolder: (name: string, parentId: string | null) => request.post('/set/file/createNetDiskFolder', { name, ...(parentId ? { parentId } : {}) }),
  upload: (file: File, parentId: string | null, onProgress: (percent: number) => void) =>
    request.upload<DiskItem>('/set/file/createNetDiskFile', file, parentId ? { parentId } : {}, { onProgress }),
  rename: (itemId: string, name: string) => request.post('/set/file/renameNetDiskItem', { itemId, name }),
  move: (itemIds: string[], parentId: string | null) => request.post('/set/file/moveNetDiskItems', { itemIds, ...(parentId ? { parentId } : {}) }),
  recycle: (itemIds: string[]) => request.post('/set/file/recycleNetDiskItems', { itemIds }),
  restore: (itemIds: string[]) => request.post('/set/file/restoreNetDiskItems', { itemIds }),
  removeForever: (itemIds?: string[]) => request.post('/set/file/emptyNetDiskRecycle', itemIds ? { itemIds } : {}),
  download: (item: DiskItem) => request.download('/get/file/getFileDown', { attachId: item.attachId ?? '' }, { fallbackName: item.name }),
  share: async (itemId: string, days: number, withPassword: boolean) =>
    (await request.post<CreatedShare>('/set/file/createNetDiskShare', { itemId, days, withPassword })).data,
};
