import { useEffect, useState } from 'react';
import { useRuntime } from '../../../runtime/react';
import type { EntityReference, EntitySchemaBundle } from '../../../runtime/react/schema/EntitySchemaBundle';
import { ENTITY_SCHEMA_PATH } from '../../../runtime/react/schema/useEntitySchema';

/**
 * What the preview's pickers need of each entity its reference fields point at (call base, key,
 * label field, tree or not), read once per name from getEntitySchema — the designed document is
 * not in the server's registry until published, so its own bundle cannot be asked for.
 */
export function usePreviewReferences(names: readonly string[]): Record<string, EntityReference> | undefined {
  const { request } = useRuntime();
  const [known, setKnown] = useState<Record<string, EntityReference>>({});
  const missing = names.filter((name) => !(name in known));
  const wanted = missing.join(',');
  useEffect(() => {
    if (!wanted) return;
    let alive = true;
    void Promise.all(wanted.split(',').map(async (name): Promise<[string, EntityReference]> => {
      try {
        const { data } = await request.get<EntitySchemaBundle>(ENTITY_SCHEMA_PATH, { entity: name }, { quiet: true });
        const { entity, base } = data;
        return [name, { base, key: entity.key, labelField: entity.labelField, title: entity.title, parentField: entity.parentField }];
      } catch {
        // An entity that does not load still gets a select; it answers nothing, as a wrong name would at run time.
        return [name, { base: 'system', key: 'id', labelField: 'name', title: name }];
      }
    })).then((loaded) => { if (alive) setKnown((before) => ({ ...before, ...Object.fromEntries(loaded) })); });
    return () => { alive = false; };
  }, [wanted, request]);
  return missing.length === 0 ? known : undefined;
}
