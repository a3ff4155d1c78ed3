import type { TFunction } from 'i18next';
import { ENTITY_ACTIONS } from '../../runtime/core/schema/types';
import type { ServerContext } from '../context';

/**
 * The words for a refused permission (`system:Role:delete` → 没有权限：删除角色 / You may not
 * delete Role records): people read what they could not do, never the code. The code itself goes
 * to the answer's data for developers and logs. A code no entity defines gets the plain refusal.
 */
export function permissionDenialText(ctx: ServerContext, t: TFunction, permission: unknown): string {
  const code = typeof permission === 'string' ? permission : '';
  for (const entity of ctx.registry.entities.values()) {
    const action = Object.entries(entity.permissions).find(([, value]) => value === code)?.[0];
    if (!action) continue;
    const subject = t(entity.title);
    if ((ENTITY_ACTIONS as readonly string[]).includes(action)) return t(`permissionDenied.${action}`, { entity: subject });
    const label = entity.flow?.transitions.find((tr) => tr.name === action)?.label
      ?? entity.actions.find((a) => a.name === action)?.label ?? action;
    return t('permissionDenied.other', { entity: subject, action: t(label) });
  }
  return t('error.forbidden');
}
