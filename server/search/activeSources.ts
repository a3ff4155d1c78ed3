import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { SEARCH_SOURCES, type SearchSource } from './searchSources';

/** A search source whose entity and fields this installation has. */
export interface ActiveSource {
  source: SearchSource;
  entity: EntityDef;
  title: FieldDef;
  body: FieldDef[];
  attachments: FieldDef | undefined;
}

/** The sources of SEARCH_SOURCES present in the registry; absent entities and fields are left out. */
export function activeSources(ctx: ServerContext): ActiveSource[] {
  const active: ActiveSource[] = [];
  for (const source of SEARCH_SOURCES) {
    const entity = ctx.registry.entities.get(source.entity);
    const field = (name: string | undefined) => (name ? entity?.fields.find((f) => f.name === name) : undefined);
    const title = field(source.titleField);
    if (!entity || !title) continue;
    const attachments = field(source.attachmentField);
    active.push({
      source, entity, title,
      body: source.bodyFields.map(field).filter((f): f is FieldDef => f !== undefined),
      attachments: attachments?.type === 'attachments' ? attachments : undefined,
    });
  }
  return active;
}
