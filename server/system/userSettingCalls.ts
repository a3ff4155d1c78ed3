import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { newId, nowText } from '../http/newId';

const MAX_SETTING_BYTES = 20_000;
const KEY_PATTERN = /^[A-Za-z0-9:_.-]{1,100}$/;

/** One column as saved: an object with a text `prop` and plain values (label, width, sortable, fixed, hide) — nothing nested. */
function isColumnSetting(column: unknown): boolean {
  if (!column || typeof column !== 'object' || Array.isArray(column)) return false;
  const values = Object.values(column);
  return typeof (column as { prop?: unknown }).prop === 'string'
    && values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
}

/** Column settings per user and table (spec: prop, label, width, sortable, fixed, hide). */
const getColumnSettingCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const key = String(request.params.key ?? '');
    if (!KEY_PATTERN.test(key)) throw ApiError.business('settings.badKey');
    const row = await request.ctx.database.db.selectFrom('sys_user_setting').select('value')
      .where('userId', '=', principal.userId).where('settingKey', '=', `columns:${key}`).executeTakeFirst();
    return row ? JSON.parse(String(row.value)) : null;
  },
};

const saveColumnSettingCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const key = String(request.params.key ?? '');
    if (!KEY_PATTERN.test(key)) throw ApiError.business('settings.badKey');
    const raw = request.params.columns;
    let columns: unknown;
    try {
      columns = typeof raw === 'string' ? JSON.parse(raw) : raw;
    } catch {
      throw ApiError.business('settings.badColumns');
    }
    const valid = Array.isArray(columns) && columns.every(isColumnSetting);
    const text = JSON.stringify(columns);
    if (!valid || text.length > MAX_SETTING_BYTES) throw ApiError.business('settings.badColumns');
    const { db } = request.ctx.database;
    const settingKey = `columns:${key}`;
    await db.insertInto('sys_user_setting')
      .values({ settingId: newId(), userId: principal.userId, settingKey, value: text, updateTime: nowText() })
      .onConflict((oc) => oc.columns(['userId', 'settingKey']).doUpdateSet({ value: text, updateTime: nowText() }))
      .execute();
    return null;
  },
};

export function registerUserSettingCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getColumnSetting'), getColumnSettingCall);
  table.set(callKey('set', 'system', 'saveColumnSetting'), saveColumnSettingCall);
}
