import type { RuntimeServices } from '../../runtime/react';

/** A problem the server found in a design: a JSON pointer into the entity document and its words. */
export interface DesignProblem {
  pointer: string;
  message: string;
}

export interface DesignVersion {
  version: number;
  comment?: string;
  createUserName?: string;
  createTime: string;
}

/** GET /get/design/getDesignById: the draft (or the running document) with its bookkeeping. */
export interface DesignRecord {
  name: string;
  module: string;
  origin: 'file' | 'designed';
  status: 'file' | 'draft' | 'published';
  schema: Record<string, unknown>;
  revision: number;
  publishedVersion: number | null;
  versions: DesignVersion[];
  fileChanged: boolean;
  problems: DesignProblem[];
}

type Request = RuntimeServices['request'];

export const loadDesign = async (request: Request, name: string) =>
  (await request.get<DesignRecord>('/get/design/getDesignById', { name })).data;

/** Compare-and-set on `revision`: a stale one is refused (code 100, `data.conflict = 'revision'`). */
export const saveDesignDraft = async (request: Request, name: string, schema: Record<string, unknown>, revision: number) =>
  (await request.post<{ revision: number; problems: DesignProblem[] }>('/set/design/saveDesignDraft', { name, schema: JSON.stringify(schema), revision })).data;

/** Refused with code 100 and `data.problems` when the draft does not load as a schema. */
export const publishDesign = async (request: Request, name: string, comment: string) =>
  (await request.post<{ version: number }>('/set/design/publishDesign', comment ? { name, comment } : { name })).data;

export const loadDesignVersions = async (request: Request, name: string) =>
  (await request.get<{ list: DesignVersion[] }>('/get/design/getDesignVersions', { name })).data.list;

export const loadDesignVersion = async (request: Request, name: string, version: number) =>
  (await request.get<{ version: number; schema: Record<string, unknown> }>('/get/design/getDesignVersion', { name, version })).data;

export const rollbackDesign = async (request: Request, name: string, version: number) =>
  (await request.post<{ version: number }>('/set/design/rollbackDesign', { name, version })).data;

export const exportDesign = async (request: Request, name: string) =>
  (await request.get<{ fileName: string; content: string }>('/get/design/exportDesign', { name })).data;

/** File-defined entities only: the draft and published versions give way to the file again. */
export const resetDesign = async (request: Request, name: string) => {
  await request.post('/set/design/resetDesign', { name });
};

/** The file changed under a customised entity: its change merged into the draft; clashes keep the design's value. */
export const rebaseDesign = async (request: Request, name: string) =>
  (await request.post<{ revision: number; conflicts: string[]; problems: DesignProblem[] }>('/set/design/rebaseDesign', { name })).data;
