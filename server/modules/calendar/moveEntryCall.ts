import type { TFunction } from 'i18next';
import { ROW_VERSION, type EntityDef } from '../../../runtime/core/schema';
import { isRepeatRule, type CalendarMoveScope } from '../../../runtime/core/calendar';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { recordOperation } from '../../audit/recordOperation';
import { rowScopeFor } from '../../entity/dataScope';
import { loadScopedRow, readKey } from '../../entity/loadScopedRow';
import { rowToApi } from '../../entity/rowValues';
import { assertRowVersion, nextRowVersion, refuseStaleRow, requestedRowVersion, storedRowVersion } from '../../entity/rowVersion';
import { validatedValues } from '../../entity/validateInput';
import { runBeforeWrite } from '../../entity/beforeWriteHooks';
import { insertNewRow } from '../../entity/insertNewRow';
import { formatLocal, occurrenceAt, parseLocal, skippedOccurrences } from './calendarRange';
import { requireCalendarEntity } from './requireCalendarEntity';

/** The fields an occurrence taken out of its series keeps from it (its times are where it was dropped). */
const COPIED_FIELDS = ['title', 'entryType', 'location', 'participants', 'remindMinutes', 'privateFlag', 'content'];
const DAY_MS = 86_400_000;

interface MoveContext {
  ctx: ServerContext;
  entity: EntityDef;
  principal: Principal;
  t: TFunction;
  ip: string;
  existing: Record<string, unknown>;
  id: string;
}

/** A date text moved by whole days ('YYYY-MM-DD'). */
function addDays(date: string, days: number): string {
  const at = parseLocal(date);
  at.setDate(at.getDate() + days);
  return formatLocal(at).slice(0, 10);
}

/** The stored row updated from the version the checks read, in `trx`: the hooks, the compare-and-set, the operation log. */
async function updateFrom(trx: Db, move: MoveContext, changes: Record<string, unknown>): Promise<void> {
  const { ctx, entity, principal, t, existing, id } = move;
  const record = { ...existing, ...changes };
  await runBeforeWrite({ ctx, trx, entity, action: 'update', record, existing, id, principal, t });
  const result = await trx.updateTable(entity.table).set({ ...changes, updateTime: nowText(), ...nextRowVersion() })
    .where(entity.key, '=', id).where(ROW_VERSION, '=', storedRowVersion(existing)).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) refuseStaleRow();
  await recordOperation(trx, principal, { entity, action: 'update', recordId: id, before: existing, after: record, detail: 'moveCalendarEntry' }, move.ip);
}

/**
 * The entry, or its whole series, shifted as far as the dragged occurrence moved: every
 * occurrence takes the dropped length, a series' last day moves by the same days.
 */
async function moveAll(move: MoveContext, from: string, dropped: Record<string, unknown>): Promise<string> {
  const { existing } = move;
  const droppedStart = parseLocal(String(dropped.startTime));
  const shift = droppedStart.getTime() - parseLocal(from).getTime();
  const start = new Date(parseLocal(String(existing.startTime)).getTime() + shift);
  const end = new Date(start.getTime() + parseLocal(String(dropped.endTime)).getTime() - droppedStart.getTime());
  const changes: Record<string, unknown> = { startTime: formatLocal(start), endTime: formatLocal(end), allDay: dropped.allDay };
  if (existing.repeatUntil) {
    const days = Math.round((parseLocal(formatLocal(start).slice(0, 10)).getTime() - parseLocal(String(existing.startTime).slice(0, 10)).getTime()) / DAY_MS);
    changes.repeatUntil = addDays(String(existing.repeatUntil).slice(0, 10), days);
  }
  await move.ctx.database.db.transaction().execute((trx) => updateFrom(trx, move, changes));
  return move.id;
}

/** One occurrence out of the series (repeatSkips) and made an entry of its own at the dropped time. */
async function moveOne(move: MoveContext, index: number, dropped: Record<string, unknown>): Promise<string> {
  const { ctx, entity, principal, t, existing } = move;
  const copy = validatedValues(entity, {
    ...Object.fromEntries(COPIED_FIELDS.map((name) => [name, existing[name] ?? null])),
    allDay: dropped.allDay, startTime: dropped.startTime, endTime: dropped.endTime, repeatRule: 'none',
  }, t, undefined, principal);
  const skips = [...skippedOccurrences(existing), index].sort((a, b) => a - b).join(',');
  return ctx.database.db.transaction().execute(async (trx) => {
    await updateFrom(trx, move, { repeatSkips: skips });
    await runBeforeWrite({ ctx, trx, entity, action: 'insert', record: copy, principal, t });
    const newId = await insertNewRow(ctx, trx, entity, copy, principal, t);
    await recordOperation(trx, principal, { entity, action: 'insert', recordId: newId, after: copy, detail: 'moveCalendarEntry' }, move.ip);
    return newId;
  });
}

/**
 * POST /set/calendar/moveCalendarEntry {entryId, rowVersion, occurrence, start, end, allDay, scope}:
 * a drag or a resize on the calendar page. `occurrence` is the repetition dragged (0 for a one-off
 * entry, as getMyCalendar numbers them) and start/end/allDay where it was dropped. A one-off
 * entry moves there; for a repeating one `scope` says what moves: 'all' shifts the series by as
 * much as the dragged occurrence moved, 'one' takes that occurrence out of the series and makes
 * it an entry of its own at the new time (the others stay). Checked as updateCalendarEntry is:
 * the update permission, the caller's own entry (personal rows: 404 for anyone else's), the row
 * version the page showed — required here; a stale one is code 100 with data.conflict and
 * nothing written — and the schema's rules on the new times. Answers the moved entry's id (the
 * new entry's for 'one').
 */
export const moveCalendarEntryCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const entity = requireCalendarEntity(ctx);
    requirePermission(principal, entity.permissions.update);
    const id = readKey(entity, params);
    const existing = rowToApi(entity, await loadScopedRow(ctx, entity, id, await rowScopeFor(ctx, entity, principal, 'manage')));
    if (requestedRowVersion(params) === undefined) throw ApiError.business('error.badRowVersion');
    assertRowVersion(params, existing);
    const index = Number(String(params.occurrence ?? '0').trim() || '0');
    const occurrence = occurrenceAt(existing, index);
    if (!occurrence) throw ApiError.business('calendar.move.noOccurrence');
    const scope = String(params.scope ?? '') as CalendarMoveScope;
    const repeating = isRepeatRule(existing.repeatRule);
    if (repeating && scope !== 'one' && scope !== 'all') throw ApiError.business('calendar.move.scope');
    if (typeof params.start !== 'string' || typeof params.end !== 'string') throw ApiError.business('calendar.move.times');
    const asked = { startTime: params.start, endTime: params.end, allDay: params.allDay ?? existing.allDay };
    const checked = validatedValues(entity, asked, request.t, existing);
    const dropped = { startTime: checked.startTime, endTime: checked.endTime, allDay: checked.allDay };
    const move: MoveContext = { ctx, entity, principal, t: request.t, ip: request.raw.ip, existing, id };
    const entryId = repeating && scope === 'one' ? await moveOne(move, index, dropped) : await moveAll(move, occurrence.start, dropped);
    return { entryId };
  },
};
