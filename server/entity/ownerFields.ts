import type { TFunction } from 'i18next';
import { CURRENT_USER_DEFAULT, type EntityDef, type FieldDef } from '../../runtime/core/schema';
import { DATA_SCOPES, type Principal } from '../auth/Principal';
import type { ServerContext } from '../context';
import { dataRoleGrants } from './dataRoleGrants';
import { roleScopeFor } from './dataScope';
import { refuseIssues } from './validateInput';

/**
 * Owner fields name the person a record is about — its applicant, its employee: the `my` list's
 * owner field (which also decides who takes owner transitions and whose "my" list shows the row)
 * and any user field that defaults to `$currentUser`. Naming someone else there is acting for
 * them, which only some callers may do (docs/ARCHITECTURE.md "Owner fields").
 */
export function ownerFields(entity: EntityDef): FieldDef[] {
  const named = entity.list.scopes.my?.ownerField;
  return entity.fields.filter((f) => !f.system && f.type === 'user' && (f.name === named || f.default === CURRENT_USER_DEFAULT));
}

/**
 * May act for others: the superuser role, or a holder of the entity's manage-list permission
 * whose data scope for the entity reaches beyond their own rows (their roles' widest scope, or
 * the entity's data-permission roles, which replace it). Such a caller manages other people's
 * records of this kind anyway; a caller who only has the `my` list, or an own-rows scope, does not.
 */
export async function mayActForOthers(ctx: ServerContext, entity: EntityDef, principal: Principal): Promise<boolean> {
  if (principal.isSuperAdmin) return true;
  if (!principal.permissions.has(entity.permissions.list)) return false;
  if (!entity.dataScope) return true;
  const grants = await dataRoleGrants(ctx, entity, principal);
  const scopes = grants.length ? grants.map((g) => g.scope) : [roleScopeFor(principal, entity)];
  return scopes.some((scope) => scope !== DATA_SCOPES.own);
}

/** One answer per request and entity (a principal is loaded per request): an import asks for every row. */
const decided = new WeakMap<Principal, Map<string, Promise<boolean>>>();

function decidedOnce(ctx: ServerContext, entity: EntityDef, principal: Principal): Promise<boolean> {
  const byEntity = decided.get(principal) ?? new Map<string, Promise<boolean>>();
  decided.set(principal, byEntity);
  const known = byEntity.get(entity.name) ?? mayActForOthers(ctx, entity, principal);
  byEntity.set(entity.name, known);
  return known;
}

/**
 * Refuses (code 100, naming the field) values that put someone other than the caller in an owner
 * field, unless the caller may act for others. On update only a change is judged: a record that
 * already names someone keeps that name when the form sends it back.
 */
export async function guardOwnerFields(
  ctx: ServerContext, entity: EntityDef, principal: Principal, values: Record<string, unknown>, t: TFunction,
  existing?: Record<string, unknown>,
): Promise<void> {
  const changed = ownerFields(entity).filter((f) => {
    const value = values[f.name];
    if (value === undefined || value === null || value === '') return false;
    if (String(value) === principal.userId) return false;
    return !existing || String(value) !== String(existing[f.name] ?? '');
  });
  if (changed.length === 0 || await decidedOnce(ctx, entity, principal)) return;
  refuseIssues(entity, changed.map((f) => ({ field: f.name, reason: 'rule' as const, message: 'ownerField.onlySelf' })), t);
}
