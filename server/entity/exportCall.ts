import type { TFunction } from 'i18next';
import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { CallHandler, CallRequest } from '../calls/CallHandler';
import { REPLY_SENT } from '../calls/CallHandler';
import { hasAnyPermission, requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { nowText } from '../http/newId';
import { contentDisposition } from '../files/contentDisposition';
import { rowScopeFor, type RowScope } from './dataScope';
import { systemEntity, type ServerContext } from '../context';
import { readListQuery, type ListQuery } from './listQuery';
import { rowToApi, splitIds } from './rowValues';
import { attachDisplayNames } from './displayNames';
import { translatedText } from './translatedText';
import type { Lang } from '../http/serverI18n';
import { importableFields } from './importCells';
import { listSlices } from './listSlices';
import { exportRowCount } from './exportRowCount';
import { openXlsxStream, type CellValue, type XlsxStream } from './xlsxStream';
import { eventLoopPacer } from './eventLoopPacer';
import type { ExportCount } from '../../runtime/core/constants/exportLimits';

/**
 * Rows read per query. SQLite answers on the event loop: a 1,000-row slice of every column took
 * ~10 ms there, and with its display names and the rows made API rows before the first pause a
 * request arriving meanwhile waited up to ~40 ms (bench/export, event-loop delay p99); 250 rows
 * keep that short. PostgreSQL's rows arrive over the network, off the event loop.
 */
const EXPORT_SLICE_ROWS = { sqlite: 250, postgres: 1_000 } as const;

type CellText = (row: Record<string, unknown>) => CellValue;

/**
 * How each exported column reads: names for users, departments and references, labels for
 * dictionary and option values, 是/否 for switches, a flow's states by their labels, so the file
 * reads like the screen and imports back unchanged (server/entity/importCells.ts reads the same
 * words; the status is not imported: a request starts in its flow's initial state).
 */
async function cellWriters(ctx: ServerContext, entity: EntityDef, fields: FieldDef[], t: TFunction, lang: Lang): Promise<Map<string, CellText>> {
  const read = (text: string) => translatedText(ctx.i18n, lang, text);
  const writers = new Map<string, CellText>();
  for (const field of fields) {
    const raw = (row: Record<string, unknown>) => {
      const named = row[`${field.name}Name`];
      if (named !== undefined && named !== null) return String(named);
      const value = row[field.name];
      if (value === null || value === undefined) return '';
      if (typeof value === 'number') return value;
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
    };
    let labels: Map<string, string> | undefined;
    if (field.type === 'dictionary' && field.dictionary) {
      const dic = systemEntity(ctx, 'Dic');
      const items = await ctx.database.db.selectFrom(`${dic.table} as item`).innerJoin(`${dic.table} as parent`, 'parent.dicId', 'item.parentId')
        .select(['item.label', 'item.value']).where('parent.code', '=', field.dictionary).execute();
      labels = new Map(items.map((i) => [String(i.value), read(String(i.label))]));
    } else if ((field.type === 'options' || field.type === 'tags') && field.options) {
      labels = new Map(field.options.map((o) => [String(o.value), t(o.label)]));
    } else if (field.type === 'switch') {
      labels = new Map([['1', t('runtime.value.yes')], ['0', t('runtime.value.no')]]);
    } else if (field.type === 'status' && entity.flow && entity.flow.field === field.name) {
      labels = new Map(entity.flow.states.map((state) => [state.name, t(state.label)]));
    }
    const known = labels;
    writers.set(field.name, known ? (row) => {
      const value = row[field.name];
      if (value === null || value === undefined || value === '') return '';
      const label = (one: string) => known.get(one) ?? one;
      return field.type === 'tags' ? splitIds(value).map(label).join(t('file.template.separator')) : label(String(value));
    } : raw);
  }
  return writers;
}

/**
 * The list's columns first, as on screen, then the form's other fields, so an exported file
 * holds everything an import needs (a required-when field the list does not show, say).
 */
function exportedFields(entity: EntityDef): FieldDef[] {
  const byName = new Map(entity.fields.map((f) => [f.name, f]));
  const listed = entity.list.columns.map((c) => byName.get(c.prop)).filter((f): f is FieldDef => Boolean(f));
  const shown = new Set(listed.map((f) => f.name));
  return [...listed, ...importableFields(entity).filter((f) => !shown.has(f.name))];
}

/**
 * Streams the list's rows into the file slice by slice: read a slice, name it, write it, wait
 * until compression has taken it, and let other requests in. Memory holds one slice, the client
 * sets the pace, and a client that goes away stops the reading. Rows beyond the limit are not
 * dropped silently: the file ends with a notice sheet saying how many it holds.
 */
async function writeRows(request: CallRequest, entity: EntityDef, scope: RowScope, q: ListQuery, fields: FieldDef[], file: XlsxStream): Promise<void> {
  const { ctx, t } = request;
  const limit = ctx.config.exportMaxRows;
  // Listened for before anything is awaited: the answer's first bytes are already on their way,
  // and a client that leaves at once closes the response before any later listener would hear it
  // (the whole table was then read for nobody).
  const gone = new AbortController();
  const response = request.reply.raw;
  response.once('close', () => { if (!response.writableFinished) gone.abort(); });
  if (response.destroyed) gone.abort();
  const writers = await cellWriters(ctx, entity, fields, t, request.lang);
  const pace = eventLoopPacer();
  let written = 0;
  let overLimit = false;
  try {
    const sliceRows = EXPORT_SLICE_ROWS[ctx.database.dialect];
    for await (const slice of listSlices(ctx, entity, scope, q, { sliceRows, maxRows: limit + 1, columns: 'all' })) {
      if (gone.signal.aborted) break;
      // The slice's query and its names run synchronously on SQLite: a pause on either side.
      await pace();
      const kept = slice.slice(0, limit - written);
      overLimit = kept.length < slice.length;
      const rows = kept.map((r) => rowToApi(entity, r));
      await attachDisplayNames(ctx, entity, rows, request.lang);
      await pace();
      for (const row of rows) {
        file.addRow(fields.map((f) => writers.get(f.name)!(row)));
        await pace();
      }
      written += rows.length;
      await file.flushed(gone.signal);
    }
    if (gone.signal.aborted) {
      file.abort();
      return;
    }
    if (overLimit) {
      const count = limit.toLocaleString(request.lang);
      file.addNoticeSheet(t('file.export.noticeSheet').slice(0, 31), [t('file.export.truncated', { limit: count }), t('file.export.rest')]);
    }
    await file.finish();
  } catch (error) {
    // The answer has begun: no JSON refusal can follow the file's first bytes; the download
    // ends broken instead, and the cause goes to the log.
    if (!gone.signal.aborted) request.raw.log.error(error, 'export stopped');
    file.abort(gone.signal.aborted ? undefined : error as Error);
  }
}

/**
 * The rows of the current list (same filters, same scope, same order) as an xlsx file streamed
 * as it is written; with `count=1`, a small JSON answer saying how many rows the file would hold
 * and whether that is over the limit, which the browser asks first to warn before downloading.
 */
export function exportCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.export);
      const fields = exportedFields(entity);
      // One who may export but not read the list reads the exported columns alone: sort and filter by those only.
      const readsList = hasAnyPermission(principal, [entity.permissions.list, entity.permissions.view]);
      const q = readListQuery(entity, request.params, readsList ? undefined : new Set(fields.map((f) => f.name)));
      const scope = await rowScopeFor(request.ctx, entity, principal, 'manage');
      const limit = request.ctx.config.exportMaxRows;
      if (String(request.params.count ?? '') === '1') {
        const found = await exportRowCount(request.ctx, entity, scope, q, limit + 1);
        return { rows: Math.min(found, limit), limit, overLimit: found > limit } satisfies ExportCount;
      }
      const title = request.t(entity.title);
      const file = openXlsxStream(title.slice(0, 31), fields.map((f) => ({ header: request.t(f.label), width: 20 })));
      const fileName = `${title}-${nowText().slice(0, 10)}.xlsx`;
      // Sent now, written below: the first bytes leave before the first row is read.
      void request.reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', contentDisposition(fileName))
        .send(file.body);
      await writeRows(request, entity, scope, q, fields, file);
      return REPLY_SENT;
    },
  };
}
