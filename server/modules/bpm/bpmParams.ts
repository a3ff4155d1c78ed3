import type { Principal } from '../../auth/Principal';
import { ApiError } from '../../http/ApiError';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../entity/listQuery';
import type { Actor } from './runAction';

/** Who manages processes: the definition editors (流程定义 › 修改), who also read and terminate any request. */
export const BPM_ADMIN_PERMISSION = 'bpm:BpmProcess:update';

export function isBpmAdmin(principal: Principal): boolean {
  return principal.permissions.has(BPM_ADMIN_PERMISSION);
}

export function actorOf(principal: Principal): Actor {
  return { userId: principal.userId, userName: principal.userName, deptId: principal.deptId, unitId: principal.unitId };
}

/** A required text parameter; missing or empty is a clear refusal naming it. */
export function requiredText(params: Record<string, unknown>, name: string, max = 200): string {
  const value = params[name];
  if (typeof value !== 'string' && typeof value !== 'number') throw ApiError.business('bpm.error.required', { field: name }, { errors: [{ field: name, message: 'required' }] });
  const text = String(value).trim();
  if (!text) throw ApiError.business('bpm.error.required', { field: name }, { errors: [{ field: name, message: 'required' }] });
  if (text.length > max) throw ApiError.business('bpm.error.tooLong', { field: name, max }, { errors: [{ field: name, message: 'tooLong' }] });
  return text;
}

export function optionalText(params: Record<string, unknown>, name: string, max = 2000): string | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  return requiredText(params, name, max);
}

/** A list of user ids: `userIds[]=a&userIds[]=b`, a JSON array or a comma-separated text. */
export function idList(params: Record<string, unknown>, name: string): string[] {
  const value = params[name] ?? params[`${name}[]`];
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String).map((s) => s.trim()).filter(Boolean);
  const text = String(value).trim();
  if (text.startsWith('[')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // fall through to the refusal below
    }
    throw ApiError.business('bpm.error.badParam', { field: name });
  }
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

const FORM_DATA_MAX = 100_000;

/** Form values: a JSON object (as text, or already an object in a JSON body). */
export function formDataParam(params: Record<string, unknown>, name = 'formData'): Record<string, unknown> | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (value.length > FORM_DATA_MAX) throw ApiError.business('bpm.error.tooLong', { field: name, max: FORM_DATA_MAX });
    try {
      parsed = JSON.parse(value);
    } catch {
      throw ApiError.business('bpm.error.badParam', { field: name });
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw ApiError.business('bpm.error.badParam', { field: name });
  return parsed as Record<string, unknown>;
}

function whole(value: unknown, fallback: number): number {
  const n = Math.floor(Number(value ?? fallback));
  return Number.isNaN(n) ? fallback : n;
}

/** page, pageSize and keyword as the generic lists read them (clamped, keyword trimmed to 100). */
export function pageParams(params: Record<string, unknown>): { page: number; pageSize: number; keyword: string } {
  return {
    page: Math.min(PAGE_MAX, Math.max(1, whole(params.page, 1))),
    pageSize: Math.min(PAGE_SIZE_MAX, Math.max(1, whole(params.pageSize, PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT)),
    keyword: typeof params.keyword === 'string' ? params.keyword.trim().slice(0, 100) : '',
  };
}
