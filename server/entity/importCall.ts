import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { describeIssues, validatedValues } from './validateInput';
import { checkStoredValues } from './checkStoredValues';
import { importCellResolver } from './importCells';
import { insertNewRow, insertNewRows } from './insertNewRow';
import { hasBeforeWrite, runBeforeWrite } from './beforeWriteHooks';
import { readImportSheet, type SheetRow } from './importWorkbook';
import { inImportSlot } from './importSlots';
import { newStoredChecksMemo, storedValueIssues } from './importStoredChecks';
import { importJobOf, trackImport } from './importProgress';
import { eventLoopPacer } from './eventLoopPacer';
import { guardOwnerFields } from './ownerFields';
import { fieldAttachmentIds, fileFields } from '../files/attachmentLinks';
import { fileSecurityEvent, isReviewed, splitReviewed } from '../security/securityReview';
import { guardSuperUserRole } from '../security/superUserRole';
import { recordOperation } from '../audit/recordOperation';
import type { TFunction } from 'i18next';
import type { ServerContext } from '../context';
import type { Db } from '../db/connect';
import type { Principal } from '../auth/Principal';
import { PreparedRows } from './preparedRows';

interface RowError { row: number; field: string; message: string }

/** A refusal thrown by the per-row checks, as lines of the row report. */
function reportLines(row: number, error: unknown, t: (key: string, params?: Record<string, unknown>) => string): RowError[] {
  if (!(error instanceof ApiError)) throw error;
  const fieldErrors = (error.data as { errors?: { field: string; message: string }[] } | null)?.errors ?? [];
  if (fieldErrors.length) return fieldErrors.map((e) => ({ row, field: e.field, message: e.message }));
  return [{ row, field: '', message: t(error.messageKey, error.params) }];
}

/**
 * xlsx → rows, all or nothing: the first row names the columns (field labels in either
 * language, or field names); every row is validated like a form submission, and any invalid
 * row refuses the whole file with a row-by-row report. Up to IMPORT_MAX_ROWS rows (server/config.ts), read as a
 * stream, checked by set queries (a few per file, not one per row), written by multi-row
 * INSERTs in one transaction; long loops give the event loop back every few milliseconds.
 * An `importJob` id sent with the file makes the phases readable by get{E}ImportProgress.
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
      const progress = trackImport(importJobOf(request.params), principal.userId, entity);
      try {
        const inserted = await importRows(request, entity, file.buffer, progress);
        progress({ phase: 'done', inserted });
        return { inserted };
      } catch (error) {
        const errors = error instanceof ApiError ? (error.data as { errors?: unknown[] } | null)?.errors?.length : undefined;
        progress(errors ? { phase: 'refused', errors } : { phase: 'failed' });
        throw error;
      }
    },
  });
}

type Request = Parameters<CallHandler['handle']>[0];

/**
 * The rows of a file that pass every check, and the report of those that do not, built slice by
 * slice as the sheet is read: a slice's cells are resolved, validated and checked against the
 * database (set queries), then only the values to write are kept — the cells and the resolved
 * rows of a slice are garbage once it is checked. Once a row is refused nothing will be written,
 * so values are no longer kept, but the checking goes on for the whole report.
 */
function fileChecker(request: Request, entity: EntityDef) {
  const principal = request.principal!;
  const { ctx, t } = request;
  const resolve = importCellResolver(ctx, entity, (lng) => ctx.i18n.getFixedT(lng));
  const memo = newStoredChecksMemo();
  const files = fileFields(entity);
  const uniqueFields = entity.fields.filter((f) => f.unique);
  // Unique values must also differ between the file's own rows (the database checks only stored rows).
  const firstRowOf = new Set<string>();
  const pace = eventLoopPacer();
  const prepared = new PreparedRows();
  const errors: RowError[] = [];
  let checked = 0;

  async function checkSlice(rows: SheetRow[]): Promise<void> {
    const resolved = await resolve(rows.map((x) => x.cells));
    const errorsByIndex = new Map<number, RowError[]>();
    // Each row alone, like a form: cells → values; a row refused here is not checked further.
    const candidates: [number, Record<string, unknown>][] = [];
    for (const [index, { row }] of rows.entries()) {
      const ambiguous = resolved.issues.get(index);
      if (ambiguous) {
        errorsByIndex.set(index, describeIssues(entity, ambiguous, t).map((e) => ({ row, ...e })));
      } else {
        try {
          const values = validatedValues(entity, resolved.rows[index], t);
          await guardOwnerFields(ctx, entity, principal, values, t);
          candidates.push([index, values]);
        } catch (error) {
          errorsByIndex.set(index, reportLines(row, error, t));
        }
      }
      await pace();
    }
    // What only the database can tell, for the slice's rows at once.
    const stored = await storedValueIssues(ctx, entity, candidates.map(([, values]) => values), memo);
    for (const [at, [index, values]] of candidates.entries()) {
      const { row } = rows[index];
      const issues = stored.get(at);
      try {
        if (issues) {
          errorsByIndex.set(index, describeIssues(entity, issues, t).map((e) => ({ row, ...e })));
          continue;
        }
        // A file named by id must be the importer's to use: the per-row check, for the rare row that names one.
        if (files.some((f) => fieldAttachmentIds(f, values[f.name]).length)) await checkStoredValues(ctx, entity, values, t, undefined, principal);
        await guardSuperUserRole(ctx, entity, principal, { values });
        const repeated = uniqueFields.filter((f) => {
          const value = values[f.name];
          if (value === undefined || value === null || value === '') return false;
          const key = `${f.name}\u0000${String(value)}`;
          if (firstRowOf.has(key)) return true;
          firstRowOf.add(key);
          return false;
        });
        if (repeated.length) {
          const repeats = repeated.map((f) => ({ field: f.name, reason: 'rule' as const, message: 'validation.unique', params: { value: String(values[f.name]) } }));
          errorsByIndex.set(index, describeIssues(entity, repeats, t).map((e) => ({ row, ...e })));
          continue;
        }
        if (errors.length === 0 && errorsByIndex.size === 0) prepared.push(values);
      } catch (error) {
        errorsByIndex.set(index, reportLines(row, error, t));
      } finally {
        await pace();
      }
    }
    if (errorsByIndex.size) {
      errors.push(...[...errorsByIndex.entries()].sort(([a], [b]) => a - b).flatMap(([, lines]) => lines));
      prepared.clear();
    }
    prepared.seal();
    checked += rows.length;
  }
  return { checkSlice, prepared, errors, checked: () => checked };
}

async function importRows(
  request: Request, entity: EntityDef, buffer: Buffer, progress: ReturnType<typeof trackImport>,
): Promise<number> {
  const principal = request.principal!;
  const { ctx, t } = request;
  const editable = entity.fields.filter((f) => !f.system && !f.readOnly);
  const headerToField = new Map<string, FieldDef>();
  for (const f of editable) {
    headerToField.set(f.name, f);
    headerToField.set(ctx.i18n.t(f.label, { lng: 'zh-cn' }), f);
    headerToField.set(ctx.i18n.t(f.label, { lng: 'en' }), f);
  }
  const file = fileChecker(request, entity);
  const parsed = await readImportSheet(buffer, {
    maxRows: ctx.config.importMaxRows,
    columnsOf(header) {
      const columns = new Map<number, string>();
      for (const [col, text] of header) {
        const field = headerToField.get(text);
        if (field) columns.set(col, field.name);
      }
      if (columns.size === 0) throw ApiError.business('file.noKnownColumns');
      return columns;
    },
    onCount: (count, read) => progress({ parsed: count, ...(read === undefined ? {} : { read: Math.floor(read * 100) }) }),
    async onRows(rows) {
      progress({ phase: 'checking' });
      await file.checkSlice(rows);
      progress({ checked: file.checked() });
    },
  });
  progress({ parsed, checked: file.checked(), read: 100 });
  if (file.errors.length) throw ApiError.business('file.importRefused', { count: file.errors.length }, { errors: file.errors });
  const { prepared } = file;

  progress({ phase: 'writing' });
  const reviewed = isReviewed(ctx, entity);
  // On SQLite the transaction runs on the bulk writer's thread (server/db/workerSqliteDialect.ts).
  await ctx.database.bulk.transaction().execute(async (trx) => {
    // Imported permissions (a user's roles) wait for the security administrator like typed ones:
    // each row is read back as it is written, its reviewed values set aside.
    const held: { at: number; label: string; now: Record<string, unknown>; later: Record<string, unknown> }[] = [];
    function* rows(): Generator<Record<string, unknown>> {
      let at = -1;
      for (const values of prepared.rows()) {
        at += 1;
        if (!reviewed) {
          yield values;
          continue;
        }
        const { now, later } = splitReviewed(entity, values);
        if (Object.keys(later).length) held.push({ at, label: String(values[entity.labelField] ?? ''), now, later });
        yield now;
      }
    }
    // A module's before-write hook judges each row against those already written, the file's
    // earlier rows included (two imported bookings of one room at one time): one row per statement then.
    const ids = hasBeforeWrite(entity)
      ? await insertCheckedRows(ctx, trx, entity, rows(), principal, t, (written) => progress({ written }))
      : await insertNewRows(ctx, trx, entity, rows(), principal, t, (written) => progress({ written }));
    for (const { at, label, now, later } of held) {
      await fileSecurityEvent(ctx, trx, principal, {
        entity, action: 'update', recordId: ids[at], recordLabel: label, changes: later, before: now,
      });
    }
    await recordOperation(trx, principal, { entity, action: 'import', recordId: '', detail: String(prepared.length) }, request.raw.ip);
  });
  return prepared.length;
}

async function insertCheckedRows(
  ctx: ServerContext, trx: Db, entity: EntityDef, rows: Iterable<Record<string, unknown>>, principal: Principal, t: TFunction,
  onWritten: (count: number) => void,
): Promise<string[]> {
  const ids: string[] = [];
  for (const record of rows) {
    await runBeforeWrite({ ctx, trx, entity, action: 'insert', record, principal, t });
    ids.push(await insertNewRow(ctx, trx, entity, record, principal, t));
    onWritten(ids.length);
  }
  return ids;
}
