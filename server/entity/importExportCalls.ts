import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { CallHandler } from '../calls/CallHandler';
import { REPLY_SENT } from '../calls/CallHandler';
import { hasAnyPermission, requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { contentDisposition } from '../files/contentDisposition';
import { rowScopeFor } from './dataScope';
import { systemEntity, type ServerContext } from '../context';
import { readListQuery } from './listQuery';
import { applyListConditions, orderSql } from './listRows';
import { rowToApi, splitIds } from './rowValues';
import { attachDisplayNames } from './displayNames';
import { describeIssues, validatedValues } from './validateInput';
import { checkStoredValues } from './checkStoredValues';
import { importableFields, resolveImportCells } from './importCells';
import { insertNewRow } from './insertNewRow';
import { loadImportWorkbook } from './importWorkbook';
import { inImportSlot } from './importSlots';
import { guardOwnerFields } from './ownerFields';
import { fileSecurityEvent, isReviewed, splitReviewed } from '../security/securityReview';
import { guardSuperUserRole } from '../security/superUserRole';
import { recordOperation } from '../audit/recordOperation';

export const EXPORT_ROW_LIMIT = 50_000;
export const IMPORT_ROW_LIMIT = 5_000;

type CellText = (row: Record<string, unknown>) => string | number;

/**
 * How each exported column reads: names for users, departments and references, labels for
 * dictionary and option values, 是/否 for switches, so the file reads like the screen and
 * imports back unchanged (server/entity/importCells.ts reads the same words).
 */
async function cellWriters(ctx: ServerContext, fields: FieldDef[], t: TFunction): Promise<Map<string, CellText>> {
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
      labels = new Map(items.map((i) => [String(i.value), String(i.label)]));
    } else if ((field.type === 'options' || field.type === 'tags') && field.options) {
      labels = new Map(field.options.map((o) => [String(o.value), t(o.label)]));
    } else if (field.type === 'switch') {
      labels = new Map([['1', t('runtime.value.yes')], ['0', t('runtime.value.no')]]);
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
function exportedFields(entity: EntityDef, byName: Map<string, FieldDef>): FieldDef[] {
  const listed = entity.list.columns.map((c) => byName.get(c.prop)).filter((f): f is FieldDef => Boolean(f));
  const shown = new Set(listed.map((f) => f.name));
  return [...listed, ...importableFields(entity).filter((f) => !shown.has(f.name))];
}

/** The rows of the current list (same filters, same scope) as an xlsx file. */
export function exportCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.export);
      // One who may export but not read the list reads the exported columns alone: sort and filter by those only.
      const readsList = hasAnyPermission(principal, [entity.permissions.list, entity.permissions.view]);
      const q = readListQuery(entity, request.params, readsList ? undefined : new Set(exportedFields(entity, new Map(entity.fields.map((f) => [f.name, f]))).map((f) => f.name)));
      const scope = await rowScopeFor(request.ctx, entity, principal, 'manage');
      const rows = (await applyListConditions(request.ctx.database.db.selectFrom(entity.table).selectAll(), request.ctx, entity, scope, q)
        .orderBy(orderSql(q.sort.prop, q.sort.order))
        .limit(EXPORT_ROW_LIMIT).execute()).map((r) => rowToApi(entity, r));
      await attachDisplayNames(request.ctx, entity, rows);
      const byName = new Map(entity.fields.map((f) => [f.name, f]));
      const fields = exportedFields(entity, byName);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet(request.t(entity.title).slice(0, 31));
      sheet.columns = fields.map((f) => ({ header: request.t(f.label), key: f.name, width: 20 }));
      const writers = await cellWriters(request.ctx, fields, request.t);
      for (const row of rows) sheet.addRow(Object.fromEntries(fields.map((f) => [f.name, writers.get(f.name)!(row)])));
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      const fileName = `${request.t(entity.title)}-${nowText().slice(0, 10)}.xlsx`;
      await request.reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', contentDisposition(fileName))
        .send(buffer);
      return REPLY_SENT;
    },
  };
}

/**
 * xlsx → rows, all or nothing: the first row names the columns (field labels in either
 * language, or field names); every row is validated like a form submission, and any invalid
 * row refuses the whole file with a row-by-row report.
 */
export function importCall(entity: EntityDef): CallHandler {
  return inImportSlot({
    auth: 'session',
    multipart: 'buffer',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.import);
      const file = request.params.$file as { buffer: Buffer; filename: string } | undefined;
      if (!file) throw ApiError.business('file.missing');
      const book = await loadImportWorkbook(file.buffer);
      const sheet = book.worksheets[0];
      if (!sheet) throw ApiError.business('file.badSpreadsheet');
      const editable = entity.fields.filter((f) => !f.system && !f.readOnly);
      const headerToField = new Map<string, FieldDef>();
      for (const f of editable) {
        headerToField.set(f.name, f);
        headerToField.set(request.ctx.i18n.t(f.label, { lng: 'zh-cn' }), f);
        headerToField.set(request.ctx.i18n.t(f.label, { lng: 'en' }), f);
      }
      const columns = new Map<number, FieldDef>();
      sheet.getRow(1).eachCell((cell, col) => {
        const field = headerToField.get(String(cell.text).trim());
        if (field) columns.set(col, field);
      });
      if (columns.size === 0) throw ApiError.business('file.noKnownColumns');
      if (sheet.rowCount - 1 > IMPORT_ROW_LIMIT) throw ApiError.business('file.tooManyRows', { max: IMPORT_ROW_LIMIT });

      const rawRows: { row: number; cells: Record<string, string> }[] = [];
      for (let r = 2; r <= sheet.rowCount; r += 1) {
        const cells: Record<string, string> = {};
        let empty = true;
        for (const [col, field] of columns) {
          const text = sheet.getRow(r).getCell(col).text.trim();
          if (text) empty = false;
          cells[field.name] = text;
        }
        if (!empty) rawRows.push({ row: r, cells });
      }
      const resolved = await resolveImportCells(request.ctx, entity, rawRows.map((x) => x.cells), (lng) => request.ctx.i18n.getFixedT(lng));

      const prepared: Record<string, unknown>[] = [];
      const errors: { row: number; field: string; message: string }[] = [];
      // Unique values must also differ between the file's own rows (the database checks only stored rows).
      const firstRowOf = new Map<string, number>();
      const uniqueFields = entity.fields.filter((f) => f.unique);
      for (const [index, { row: r }] of rawRows.entries()) {
        const ambiguous = resolved.issues.get(index);
        if (ambiguous) {
          for (const e of describeIssues(entity, ambiguous, request.t)) errors.push({ row: r, ...e });
          continue;
        }
        try {
          const values = validatedValues(entity, resolved.rows[index], request.t);
          await guardOwnerFields(request.ctx, entity, principal, values, request.t);
          await checkStoredValues(request.ctx, entity, values, request.t, undefined, principal);
          await guardSuperUserRole(request.ctx, entity, principal, { values });
          const repeated = uniqueFields.filter((f) => {
            const value = values[f.name];
            if (value === undefined || value === null || value === '') return false;
            const key = `${f.name}\u0000${String(value)}`;
            if (firstRowOf.has(key)) return true;
            firstRowOf.set(key, r);
            return false;
          });
          if (repeated.length) {
            const issues = repeated.map((f) => ({ field: f.name, reason: 'rule' as const, message: 'validation.unique', params: { value: String(values[f.name]) } }));
            for (const e of describeIssues(entity, issues, request.t)) errors.push({ row: r, ...e });
            continue;
          }
          prepared.push(values);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const fieldErrors = (error.data as { errors?: { field: string; message: string }[] } | null)?.errors ?? [];
          for (const e of fieldErrors) errors.push({ row: r, field: e.field, message: e.message });
          if (!fieldErrors.length) errors.push({ row: r, field: '', message: request.t(error.messageKey, error.params) });
        }
      }
      if (errors.length) {
        throw ApiError.business('file.importRefused', { count: errors.length }, { errors });
      }
      await request.ctx.database.db.transaction().execute(async (trx) => {
        for (const values of prepared) {
          // Imported permissions (a user's roles) wait for the security administrator like typed ones.
          const { now, later } = isReviewed(request.ctx, entity) ? splitReviewed(entity, values) : { now: values, later: {} };
          const id = await insertNewRow(request.ctx, trx, entity, now, principal, request.t);
          if (Object.keys(later).length) {
            await fileSecurityEvent(request.ctx, trx, principal, {
              entity, action: 'update', recordId: id, recordLabel: String(values[entity.labelField] ?? ''), changes: later, before: now,
            });
          }
        }
        await recordOperation(trx, principal, { entity, action: 'import', recordId: '', detail: String(prepared.length) }, request.raw.ip);
      });
      return { inserted: prepared.length };
    },
  });
}
