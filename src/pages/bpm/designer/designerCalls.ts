import type { RuntimeServices } from '../../../../runtime/react';

/** The BpmProcess record as the designer reads it (generic entity calls, docs/API-CONTRACT.md). */
export interface ProcessRow {
  processId: string;
  processKey: string;
  processName: string;
  category?: string;
  definition: string;
  currentVersion: number;
  status: string;
  rowVersion: number;
}

export interface VersionRow {
  versionId: string;
  version: number;
  processName: string;
  definition: string;
  createTime: string;
  createUserName?: string;
}

type Request = RuntimeServices['request'];

export const loadProcess = async (request: Request, id: string) => (await request.get<ProcessRow>('/get/bpm/getBpmProcessById', { id })).data;

export const insertProcess = async (request: Request, fields: Pick<ProcessRow, 'processKey' | 'processName' | 'category' | 'definition'>) =>
  (await request.post<ProcessRow>('/set/bpm/insertBpmProcess', fields)).data;

/** Saves the draft; the row version makes a save over someone else's change a clear refusal instead of a silent overwrite. */
export const saveDefinition = async (request: Request, row: ProcessRow, definition: string) =>
  (await request.post<ProcessRow>('/set/bpm/updateBpmProcess', { processId: row.processId, rowVersion: row.rowVersion, definition })).data;

/** The flow transitions of BpmProcess: publish (validates, adds the next version) and disable. */
export const transitionProcess = async (request: Request, row: ProcessRow, call: 'publishBpmProcess' | 'disableBpmProcess') =>
  (await request.post<ProcessRow>(`/set/bpm/${call}`, { id: row.processId, rowVersion: row.rowVersion })).data;

export const loadVersions = async (request: Request, processKey: string) => (await request.get<{ list: VersionRow[] }>('/get/bpm/getBpmProcessVersionList', {
  page: 1, pageSize: 50, prop: 'version', order: 'descending', filterObj: JSON.stringify({ processKey: { value: processKey, operator: 'eq' } }),
})).data.list;
