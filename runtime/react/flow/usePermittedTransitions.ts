import { useCallback } from 'react';
import { availableTransitions } from '../../core/flow';
import type { EntityDef, FlowTransition } from '../../core/schema/types';
import type { Row } from '../format/fieldValues';
import { useRuntime } from '../useRuntime';

/** The permission that guards a transition: the schema's, else the conventional name. */
export function transitionPermission(entity: EntityDef, transition: FlowTransition): string {
  return entity.permissions[transition.name] ?? `${entity.module}:${entity.name}:${transition.name}`;
}

/**
 * The transitions whose buttons a row shows: those the flow allows this user now, narrowed to the
 * ones the user holds the permission for. The server checks both again when one is taken.
 */
export function usePermittedTransitions(entity: EntityDef): (row: Row) => FlowTransition[] {
  const { user, hasPermission } = useRuntime();
  return useCallback(
    (row: Row) => availableTransitions(entity, row, { userId: user.userId, roles: user.roles })
      .filter((transition) => hasPermission(transitionPermission(entity, transition))),
    [entity, user, hasPermission],
  );
}
