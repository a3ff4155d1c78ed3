import type { EntityDef } from '../../runtime/core/schema';
import { availableTransitions } from '../../runtime/core/flow';
import type { CallHandler, CallRequest } from '../calls/CallHandler';
import { hasAnyPermission, requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { rowScopeFor, type RowScope } from './dataScope';
import { readListQuery } from './listQuery';
import { applyListConditions, listRows } from './listRows';
import { loadScopedRow, readKey } from './loadScopedRow';
import { rowToApi } from './rowValues';
import { columnTypeFor } from '../db/tableSpecs';
import { attachDisplayNames } from './displayNames';
import { hasTranslatedLabel, translatedText } from './translatedText';
import type { Principal } from '../auth/Principal';
import { widenedReadScope } from './extraReadRules';
import { readableScope } from './readableScope';

export { readableScope };

async function readScope(request: CallRequest, entity: EntityDef, principal: Principal): Promise<RowScope> {
  const scope = await readableScope(request.ctx, entity, principal);
  if (!scope) throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.view });
  return scope;
}

export function listCall(entity: EntityDef, mode: 'manage' | 'my'): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, mode === 'my' ? entity.permissions.my : entity.permissions.list);
      const scope = await rowScopeFor(request.ctx, entity, principal, mode);
      return listRows(request.ctx, entity, scope, readListQuery(entity, request.params), request.lang);
    },
  };
}

/**
 * By id, a holder of a read grant of the entity reads what the generic rule or the module's own
 * reading rule lets them (entity/extraReadRules.ts: published news for its readers, a notice for
 * its recipients), as the search and the record's files do; a user holding no grant is refused.
 */
async function viewScope(request: CallRequest, entity: EntityDef, principal: Principal): Promise<RowScope> {
  const { permissions } = entity;
  const scope = hasAnyPermission(principal, [permissions.list, permissions.view, permissions.my])
    ? await widenedReadScope(request.ctx, entity, principal) : undefined;
  if (!scope) throw ApiError.forbidden('error.noPermission', { permission: permissions.view });
  return scope;
}

export function viewCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const scope = await viewScope(request, entity, principal);
      const row = rowToApi(entity, await loadScopedRow(request.ctx, entity, readKey(entity, request.params), scope));
      await attachDisplayNames(request.ctx, entity, [row], request.lang);
      if (entity.flow) {
        row.$transitions = availableTransitions(entity, row, { userId: principal.userId, roles: principal.roles })
          .filter((t) => principal.permissions.has(entity.permissions[t.name]))
          .map((t) => t.name);
      }
      return row;
    },
  };
}

/**
 * Pickers (select lists and trees) return label/value plus the row. Entities marked
 * `pickerOpen` (users, departments, dictionaries) are readable this way by every signed-in
 * user, because every module's forms pick from them; others need a read permission. A user who
 * reaches an open picker without a read permission gets the picker's own fields only
 * (`pickerRow`) and may sort and filter on nothing else.
 */
interface PickerAccess { scope: RowScope; reduced: boolean }

async function pickerAccess(request: CallRequest, entity: EntityDef): Promise<PickerAccess> {
  const principal = requirePrincipal(request);
  const reads = hasAnyPermission(principal, [entity.permissions.list, entity.permissions.view, entity.permissions.my]);
  if (entity.pickerOpen && !reads) return { scope: { allows: () => true }, reduced: true };
  if (!reads) throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.list });
  if (entity.pickerOpen) return { scope: { allows: () => true }, reduced: false };
  return { scope: await readScope(request, entity, principal), reduced: false };
}

function labelled(entity: EntityDef, row: Record<string, unknown>): Record<string, unknown> {
  return { ...row, label: row[entity.labelField] ?? row[entity.key], value: row[entity.key] };
}

/** The fields an open picker shows to anyone: key, label, parent, sort and the schema's pickerFields. */
function pickerFieldNames(entity: EntityDef): Set<string> {
  return new Set([entity.key, entity.labelField, ...(entity.parentField ? [entity.parentField] : []), ...(entity.sortField ? [entity.sortField] : []), ...entity.pickerFields]);
}

/** A picked row as an open picker shows it: those fields and their display names (`deptIdName`). */
function pickerRow(entity: EntityDef, row: Record<string, unknown>, shown: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = { label: row[entity.labelField] ?? row[entity.key], value: row[entity.key] };
  for (const name of shown) {
    out[name] = row[name];
    if (`${name}Name` in row) out[`${name}Name`] = row[`${name}Name`];
  }
  return out;
}

export function selectCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const { scope, reduced } = await pickerAccess(request, entity);
      const shown = pickerFieldNames(entity);
      // A reduced answer may be sorted and filtered by its own fields only (readListQuery).
      const q = readListQuery(entity, request.params, reduced ? shown : undefined);
      const keyword = q.keyword;
      const query = { ...q, keyword: '' };
      const translated = hasTranslatedLabel(entity);
      // A translated label (role names) is found by what the reader reads too: the keyword search knows its keys.
      const labelType = entity.fields.find((f) => f.name === entity.labelField)?.type ?? 'string';
      const labelColumn = columnTypeFor(labelType);
      const numericLabel = labelColumn !== 'text';
      // A number label (a setting's day count) is found by the number typed, not by a substring of its
      // digits; what is no number of the column's kind finds nothing.
      const number = Number(keyword);
      if (keyword && numericLabel && !(labelColumn === 'integer' ? Number.isSafeInteger(number) : Number.isFinite(number))) {
        return { list: [], total: 0, totalCapped: false };
      }
      const labelMatch = numericLabel
        ? { field: entity.labelField, fieldType: labelType, filterType: 'text' as const, operator: 'eq' as const, value: number }
        : { field: entity.labelField, fieldType: labelType, filterType: 'text' as const, operator: 'include' as const, value: keyword };
      const searched = !keyword ? query
        : translated ? { ...query, keyword, keywordFields: [entity.labelField] }
          : { ...query, predicates: [...q.predicates, labelMatch] };
      const page = await listRows(request.ctx, entity, scope, searched, request.lang);
      const read = (row: Record<string, unknown>) => (translated ? { ...row, label: translatedText(request.ctx.i18n, request.lang, String(row.label ?? '')) } : row);
      return { list: page.list.map((r) => read(reduced ? pickerRow(entity, r, shown) : labelled(entity, r))), total: page.total, totalCapped: page.totalCapped };
    },
  };
}

export function treeCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const { scope, reduced } = await pickerAccess(request, entity);
      const shown = pickerFieldNames(entity);
      const parentField = entity.parentField as string;
      let query = applyListConditions(request.ctx.database.db.selectFrom(entity.table).selectAll(), request.ctx, entity, scope, { keyword: '', keywordFields: [], predicates: [] });
      if (entity.sortField) query = query.orderBy(entity.sortField, 'asc');
      const rows = (await query.orderBy(entity.key, 'asc').execute())
        .map((r) => (reduced ? pickerRow(entity, rowToApi(entity, r), shown) : labelled(entity, rowToApi(entity, r))));
      const byId = new Map(rows.map((r): [string, Record<string, unknown> & { children: unknown[] }] => [String(r[entity.key]), { ...r, children: [] }]));
      const roots: unknown[] = [];
      for (const node of byId.values()) {
        const parent = node[parentField] ? byId.get(String(node[parentField])) : undefined;
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      return roots;
    },
  };
}
