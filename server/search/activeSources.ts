import { isInAppPath } from '../../runtime/core/links';
import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { SEARCH_SOURCES, type SearchSource } from './searchSources';

/** A search source whose entity this installation has. */
export interface ActiveSource {
  source: SearchSource;
  entity: EntityDef;
  title: FieldDef;
  body: FieldDef[];
  attachments: FieldDef | undefined;
}

function requireField(entity: EntityDef, name: string, role: string): FieldDef {
  const field = entity.fields.find((f) => f.name === name);
  if (!field) throw new Error(`server/search/searchSources.ts: ${entity.name} has no field "${name}" (its ${role})`);
  return field;
}

/**
 * The sources of SEARCH_SOURCES present in the registry; absent entities are left out. A named
 * field the entity lacks, an attachment field that holds no attachments, or a reader link that is
 * no in-app path naming `{id}` throws: the knowledge module calls this at start, so such a mistake
 * stops the server instead of silently leaving text out of the index or every hit unopenable.
 */
export function activeSources(ctx: ServerContext, sources: readonly SearchSource[] = SEARCH_SOURCES): ActiveSource[] {
  const active: ActiveSource[] = [];
  for (const source of sources) {
    const entity = ctx.registry.entities.get(source.entity);
    if (!entity) continue;
    const attachments = source.attachmentField ? requireField(entity, source.attachmentField, 'attachment field') : undefined;
    if (attachments && attachments.type !== 'attachments') {
      throw new Error(`server/search/searchSources.ts: ${entity.name}.${attachments.name} is a ${attachments.type} field, not attachments`);
    }
    if (source.readerLink !== undefined && !(isInAppPath(source.readerLink) && source.readerLink.includes('{id}'))) {
      throw new Error(`server/search/searchSources.ts: ${entity.name}'s readerLink "${source.readerLink}" is no in-app path naming {id}`);
    }
    active.push({
      source, entity, attachments,
      title: requireField(entity, source.titleField, 'title field'),
      body: source.bodyFields.map((name) => requireField(entity, name, 'body field')),
    });
  }
  return active;
}
