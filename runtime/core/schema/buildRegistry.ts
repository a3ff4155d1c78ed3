import { assertMetaValid } from './metaValidator';
import { upgradeSchemaDocument } from './formatMigrations';
import { normaliseEntity } from './normaliseEntity';
import { checkEntityConsistency } from './checkEntityConsistency';
import { SchemaError } from './SchemaError';
import { checkModuleRoles } from './moduleRoles';
import type { DetailsRelated, EntityDef, ModuleDef, Registry } from './types';

/** One schema document as read from disk (or from the designer's stored overlay). */
export interface SchemaSource {
  /** Path shown in errors, e.g. `schemas/hr/HrContract.json`. */
  file: string;
  /** Module folder the document belongs to. */
  module: string;
  kind: 'module' | 'entity';
  doc: unknown;
}

const REFERENCE_TARGETS: Record<string, string> = { user: 'User', users: 'User', department: 'Dept', departments: 'Dept' };

export interface RegistryOptions {
  /**
   * The transition effects the host registered (the server's, server/entity/transitionEffects.ts).
   * Given, a transition naming another effect stops the load with file and JSON pointer; the
   * browser and tools that never run effects leave it out.
   */
  effects?: ReadonlySet<string>;
}

/** Validates, upgrades, normalises and cross-checks every document into one registry. */
export function buildRegistry(sources: SchemaSource[], options: RegistryOptions = {}): Registry {
  const modules = new Map<string, ModuleDef>();
  const entities = new Map<string, EntityDef>();
  const entityFile = new Map<string, string>();
  const declaredFields = new Map<string, string[]>();

  for (const source of sources.filter((s) => s.kind === 'module')) {
    const doc = upgradeSchemaDocument(source.file, source.doc);
    assertMetaValid('module', source.file, doc);
    const mod = doc as unknown as ModuleDef;
    if (mod.name !== source.module) throw new SchemaError(source.file, '/name', `the folder name "${source.module}"`);
    modules.set(mod.name, { ...mod, menus: mod.menus ?? [], roles: mod.roles ?? [] });
  }

  for (const source of sources.filter((s) => s.kind === 'entity')) {
    if (!modules.has(source.module)) {
      throw new SchemaError(source.file, '', `a module.json in the folder schemas/${source.module}/`);
    }
    const doc = upgradeSchemaDocument(source.file, source.doc);
    assertMetaValid('entity', source.file, doc);
    const entity = normaliseEntity(doc, source.module);
    const previous = entityFile.get(entity.name);
    if (previous) throw new SchemaError(source.file, '/name', `a name unique across the suite; "${entity.name}" is also in ${previous}`);
    checkEntityConsistency(source.file, doc, entity);
    if (options.effects) checkEffects(source.file, entity, options.effects);
    entities.set(entity.name, entity);
    entityFile.set(entity.name, source.file);
    declaredFields.set(entity.name, ((doc.fields ?? []) as { name: string }[]).map((f) => f.name));
  }

  const tables = new Map<string, string>();
  for (const entity of entities.values()) {
    const file = entityFile.get(entity.name) ?? entity.name;
    const other = tables.get(entity.table);
    if (other) throw new SchemaError(file, '/table', `a table name unique across the suite; "${entity.table}" is also used by ${other}`);
    tables.set(entity.table, entity.name);
    // System columns (createUser, createDept) point at User/Dept, which the server itself requires.
    entity.fields.filter((f) => !f.system).forEach((field) => {
      const target = field.type === 'reference' ? field.entity : REFERENCE_TARGETS[field.type];
      if (target && !entities.has(target)) {
        const index = declaredFields.get(entity.name)?.indexOf(field.name) ?? -1;
        throw new SchemaError(file, `/fields/${index}`, `field "${field.name}" to refer to an existing entity, not "${target}"`);
      }
    });
    entity.details.related?.forEach((related, i) => checkRelated(file, entities, related, `/details/related/${i}`));
  }
  for (const mod of modules.values()) {
    const checkMenus = (menus: ModuleDef['menus'], pointer: string) => menus.forEach((m, i) => {
      if (m.entity && !entities.has(m.entity)) {
        throw new SchemaError(`schemas/${mod.name}/module.json`, `${pointer}/${i}/entity`, `an existing entity, not "${m.entity}"`);
      }
      if (m.requires && !m.entity) {
        throw new SchemaError(`schemas/${mod.name}/module.json`, `${pointer}/${i}/requires`, 'an entity page: "requires" names a permission of the page\'s entity');
      }
      if (m.children) checkMenus(m.children, `${pointer}/${i}/children`);
    });
    checkMenus(mod.menus, '/menus');
  }
  checkModuleRoles({ modules, entities });
  return { modules, entities };
}

/** Related records name an entity with a list, a field of it to match on, and columns of it. */
function checkRelated(file: string, entities: ReadonlyMap<string, EntityDef>, related: DetailsRelated, pointer: string): void {
  const target = entities.get(related.entity);
  if (!target) throw new SchemaError(file, `${pointer}/entity`, `an existing entity, not "${related.entity}"`);
  if (!target.list.scopes.manage && !target.list.scopes.my) throw new SchemaError(file, `${pointer}/entity`, `an entity with a list; ${target.name} has none`);
  const field = target.fields.find((f) => f.name === related.field);
  if (!field || field.type === 'subTable' || field.type === 'location') {
    throw new SchemaError(file, `${pointer}/field`, `a field of ${target.name} a list can filter on, not "${related.field}"`);
  }
  related.columns?.forEach((name, j) => {
    if (!target.fields.some((f) => f.name === name)) throw new SchemaError(file, `${pointer}/columns/${j}`, `a field of ${target.name}, not "${name}"`);
  });
}

function checkEffects(file: string, entity: EntityDef, effects: ReadonlySet<string>): void {
  entity.flow?.transitions.forEach((transition, i) => {
    if (transition.effect === undefined || effects.has(transition.effect)) return;
    const known = [...effects].sort().join(', ') || 'none';
    throw new SchemaError(file, `/flow/transitions/${i}/effect`, `a transition effect the server registers (${known}); "${transition.effect}" is not one`);
  });
}

/** The module that declares an entity's calls, e.g. `hr` for HrContract. */
export function moduleOf(registry: Registry, entity: EntityDef): ModuleDef {
  const mod = registry.modules.get(entity.module);
  if (!mod) throw new Error(`entity ${entity.name} has no module ${entity.module}`);
  return mod;
}

/** Entities a given entity's fields point at (for pickers): user → User, department → Dept. */
export function referencedEntities(registry: Registry, entity: EntityDef): EntityDef[] {
  const names = new Set<string>();
  for (const field of entity.fields) {
    const target = field.type === 'reference' ? field.entity : REFERENCE_TARGETS[field.type];
    if (target) names.add(target);
  }
  return [...names].map((n) => registry.entities.get(n)).filter((e): e is EntityDef => Boolean(e));
}
