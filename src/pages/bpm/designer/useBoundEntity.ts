import { useEffect, useState } from 'react';
import type { EntityDef } from '../../../../runtime/core/schema/types';
import { useRuntime } from '../../../../runtime/react';
import type { EntitySchemaBundle } from '../../../../runtime/react/schema/EntitySchemaBundle';
import { ENTITY_SCHEMA_PATH } from '../../../../runtime/react/schema/useEntitySchema';
import type { BindableEntity } from './entityBinding';

/** The entities a process may be bound to (those declaring `workflow`); undefined while loading, [] when refused. */
export function useBindableEntities(): BindableEntity[] | undefined {
  const { request } = useRuntime();
  const [list, setList] = useState<BindableEntity[]>();
  useEffect(() => {
    let live = true;
    request.get<{ list: BindableEntity[] }>('/get/bpm/getBindableEntities', {}, { quiet: true })
      .then((answer) => { if (live) setList(answer.data.list); }, () => { if (live) setList([]); });
    return () => { live = false; };
  }, [request]);
  return list;
}

export interface BoundEntity {
  /** The bound entity's normalised schema (getEntitySchema), once loaded. */
  entity?: EntityDef;
  /** The schema could not be read (no permission on the entity, or no such entity). */
  failed: boolean;
}

/**
 * The schema of the entity a process is bound to, read as every screen reads it
 * (getEntitySchema: fields with their label keys, the workflow binding). Quiet: a designer who
 * may not read the entity still edits the process, with the field names the definition holds.
 */
export function useBoundEntity(name: string | undefined): BoundEntity {
  const { request } = useRuntime();
  const [state, setState] = useState<{ name?: string } & BoundEntity>({ failed: false });
  useEffect(() => {
    if (!name) return undefined;
    let live = true;
    request.get<EntitySchemaBundle>(ENTITY_SCHEMA_PATH, { entity: name }, { quiet: true }).then(
      (answer) => { if (live) setState({ name, entity: answer.data.entity, failed: false }); },
      () => { if (live) setState({ name, failed: true }); },
    );
    return () => { live = false; };
  }, [name, request]);
  // What was loaded for another (or no) entity does not count.
  return state.name === name && name ? { entity: state.entity, failed: state.failed } : { failed: false };
}
