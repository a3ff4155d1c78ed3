import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { systemEntity } from '../context';

/**
 * The message deep link to a record's details (`/app/{menu path}/details?{key}=id`, the form the
 * shell's message links use), from the page menu that shows the entity; undefined when no menu
 * shows it (the message then has no link rather than a broken one). The link names the record,
 * not a list: the shell opens it through whichever page of the recipient's menu shows the entity
 * (runtime/core/links/recordLinks.ts), and the read call decides by the record (own rows, scope).
 */
export async function detailsLinkFor(ctx: ServerContext, entity: EntityDef, id: string): Promise<string | undefined> {
  const menu = systemEntity(ctx, 'Menu');
  const page = await ctx.database.db.selectFrom(menu.table).select('path')
    .where('entity', '=', entity.name).where('menuType', '=', 'page').orderBy('sort').executeTakeFirst();
  if (!page?.path) return undefined;
  const path = String(page.path).replace(/^\/+/, '');
  return `/app/${path}/details?${entity.key}=${encodeURIComponent(id)}`;
}
