import type { Registry } from '../../runtime/core/schema';

/** What the separated duties (entities with `duty: audit|security`) consist of. */
export interface Duties {
  /** Every permission of a duty entity: its calls, transitions and named actions. */
  permissions: Set<string>;
  /** Role codes a duty entity's flow names (secadmin approves security events). */
  roleCodes: Set<string>;
}

// The registry is fixed for the life of a process: computed once per registry.
const computed = new WeakMap<Registry, Duties>();

export function dutiesOf(registry: Registry): Duties {
  const known = computed.get(registry);
  if (known) return known;
  const entities = [...registry.entities.values()].filter((e) => e.duty);
  const duties: Duties = {
    permissions: new Set(entities.flatMap((e) => [...Object.values(e.permissions), ...e.actions.map((a) => a.permission ?? '')]).filter(Boolean)),
    roleCodes: new Set(entities.flatMap((e) => e.flow?.transitions.flatMap((t) => t.roles) ?? [])),
  };
  computed.set(registry, duties);
  return duties;
}

/**
 * A menu entry showing a duty entity's page (the audit log, security events): the superuser and a
 * login-as session hold neither its page nor its buttons.
 */
export function isDutyPage(registry: Registry, entity: unknown): boolean {
  return Boolean(entity && registry.entities.get(String(entity))?.duty);
}
