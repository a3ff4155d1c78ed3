import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { describeIssues, validatedValues } from './validateInput';
import { checkStoredValues } from './checkStoredValues';
import { importCellResolver } from './importCells';
import { insertNewRow, newRowsWriter } from './insertNewRow';
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
import type { Db } from '../db/connect';

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
        // Whatever was written is rolled back.
        progress(errors ? { phase: 'refused', errors, written: 0 } : { phase: 'failed', written: 0 });
        throw error;
      }
    },
  });
}

type Request = Parameters<CallHandler['handle']>[0];

/**
 * The rows of a file that pass every check, and the report of those that do not, built slice by
 * slice as the sheet is read: a slice's cells are resolved, validated and checked against the
 * database (set queries), and `checkSlice` answers the values to write — none once any row of
 * the file is refused, since nothing will be written then, but the checking goes on for the
 * whole report.
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
  const errors: RowError[] = [];
  let checked = 0;

  async function checkSlice(rows: SheetRow[]): Promise<Record<string, unknown>[]> {
    const passed: Record<string, unknown>[] = [];
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
        if (errors.length === 0 && errorsByIndex.size === 0) passed.push(values);
      } catch (error) {
        errorsByIndex.set(index, reportLines(row, error, t));
      } finally {
        await pace();
      }
    }
    checked += rows.length;
    if (errorsByIndex.size) {
      errors.push(...[...errorsByIndex.entries()].sort(([a], [b]) => a - b).flatMap(([, lines]) => lines));
      return [];
    }
    return passed;
  }
  return { checkSlice, errors, checked: () => checked };
}

/**
 * The checked rows into the import's transaction as they come. Imported permissions (a user's
 * roles) wait for the security administrator like typed ones: each row's reviewed values are set
 * aside and filed once the rows have their ids. A module's before-write hook judges each row
 * against those already written, the file's earlier rows included (two imported bookings of one
 * room at one time): one row per statement then; otherwise multi-row INSERTs (newRowsWriter).
 */
function rowsWriter(request: Request, trx: Db, entity: EntityDef, onWritten: (count: number) => void) {
  const principal = request.principal!;
  const { ctx, t } = request;
  const reviewed = isReviewed(ctx, entity);
  const held: { at: number; label: string; now: Record<string, unknown>; later: Record<string, unknown> }[] = [];
  const grouped = hasBeforeWrite(entity) ? undefined : newRowsWriter(ctx, trx, entity, principal, t, onWritten);
  const oneByOne: string[] = [];
  let count = 0;
  return {
    async add(values: Record<string, unknown>): Promise<void> {
      const at = count;
      count += 1;
      let row = values;
      if (reviewed) {
        const { now, later } = splitReviewed(entity, values);
        if (Object.keys(later).length) held.push({ at, label: String(values[entity.labelField] ?? ''), now, later });
        row = now;
      }
      if (grouped) {
        await grouped.add(row);
        return;
      }
      await runBeforeWrite({ ctx, trx, entity, action: 'insert', record: row, principal, t });
      oneByOne.push(await insertNewRow(ctx, trx, entity, row, principal, t));
      onWritten(oneByOne.length);
    },
    /** Waits for the statements on their way (NewRowsWriter.settle): before a failure leaves the transaction. */
    settle: async (): Promise<void> => { await grouped?.settle(); },
    /** Writes what is still queued and files the set-aside permissions; answers the rows written. */
    async finish(): Promise<number> {
      const ids = grouped ? await grouped.finish() : oneByOne;
      for (const { at, label, now, later } of held) {
        await fileSecurityEvent(ctx, trx, principal, {
          entity, action: 'update', recordId: ids[at], recordLabel: label, changes: later, before: now,
        });
      }
      return count;
    },
  };
}

/**
 * One transaction from the first slice to the last: each slice's rows are written as soon as they
 * pass, while the next slice is read and checked — on SQLite the statements run on the bulk
 * writer's thread (server/db/workerSqliteDialect.ts), so checking and writing share the two cores.
 * A refused row anywhere rolls back everything written before it.
 */
async function importRows(
  request: Request, entity: EntityDef, buffer: Buffer, progress: ReturnType<typeof trackImport>,
): Promise<number> {
  const principal = request.principal!;
  const { ctx } = request;
  const editable = entity.fields.filter((f) => !f.system && !f.readOnly);
  const headerToField = new Map<string, FieldDef>();
  for (const f of editable) {
    headerToField.set(f.name, f);
    headerToField.set(ctx.i18n.t(f.label, { lng: 'zh-cn' }), f);
    headerToField.set(ctx.i18n.t(f.label, { lng: 'en' }), f);
  }
  return ctx.database.bulk.transaction().execute(async (trx) => {
    const rows = rowsWriter(request, trx, entity, (written) => progress({ written }));
    try {
      return await writeImport(trx, rows);
    } catch (error) {
      // Whatever failed, the statements on their way finish inside the transaction, so the ROLLBACK undoes them.
      await rows.settle();
      throw error;
    }
  });

  async function writeImport(trx: Db, rows: ReturnType<typeof rowsWriter>): Promise<number> {
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
      async onRows(sheetRows) {
        progress({ phase: 'checking' });
        const passed = await file.checkSlice(sheetRows);
        progress({ checked: file.checked() });
        for (const values of passed) await rows.add(values);
      },
    });
    progress({ parsed, checked: file.checked(), read: 100 });
    if (file.errors.length) throw ApiError.business('file.importRefused', { count: file.errors.length }, { errors: file.errors });
    progress({ phase: 'writing' });
    const count = await rows.finish();
    await recordOperation(trx, principal, { entity, action: 'import', recordId: '', detail: String(count) }, request.raw.ip);
    return count;
  }
}
