import type { EntityDef } from '../../core/schema/types';

/** One entity a reference/user/department field points at, as getEntitySchema describes it. */
export interface EntityReference {
  base: string;
  key: string;
  labelField: string;
  title: string;
  /** Set for tree entities: pickers then offer their tree (`get{E}Tree`). */
  parentField?: string;
}

/** The answer of GET /get/system/getEntitySchema: everything a screen needs about one entity. */
export interface EntitySchemaBundle {
  entity: EntityDef;
  /** The module's call base: reads under /get/{base}, writes under /set/{base}. */
  base: string;
  references: Record<string, EntityReference>;
  /**
   * The entities of `details.related` the reader may read at all, by name (absent: nothing to list
   * for this reader, or a bundle made without them, such as the designer's preview).
   */
  related?: Record<string, { entity: EntityDef; base: string }>;
}
