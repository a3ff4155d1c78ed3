import { sql, type SqlBool } from 'kysely';
import type { EntityDef } from '../../../runtime/core/schema';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { rowScopeFor, type RowScope } from '../../entity/dataScope';

export function galleryEntity(ctx: ServerContext, name: string): EntityDef {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`the schema ${name} is missing from schemas/gallery/`);
  return entity;
}

/**
 * The albums a user may look at. Holders of the album list permission (the gallery
 * administrators) see those of their data scope; everyone else sees, within their unit, the
 * albums open to everyone, those opened to one of their roles, and their own.
 */
export async function visibleAlbumScope(ctx: ServerContext, principal: Principal): Promise<RowScope> {
  const album = galleryEntity(ctx, 'PhotoAlbum');
  if (principal.permissions.has(album.permissions.list)) return rowScopeFor(ctx, album, principal, 'manage');
  const roles = principal.roleIds;
  const roleMatch = (value: unknown) => String(value ?? '').split(',').some((id) => roles.includes(id));
  return {
    condition: (eb) => eb.and([
      eb('unitId', '=', principal.unitId),
      eb.or([
        eb('visibleAll', '=', 1),
        eb('owner', '=', principal.userId),
        // visibleRoles is stored comma-joined: the same delimited LIKE on both databases (ids are hex).
        ...roles.map((id) => sql<SqlBool>`(',' || coalesce(${sql.ref('visibleRoles')}, '') || ',') like ${`%,${id},%`}`),
      ]),
    ]),
    allows: (row) => row.unitId === principal.unitId
      && (Number(row.visibleAll) === 1 || row.owner === principal.userId || roleMatch(row.visibleRoles)),
  };
}

/** The album with this id when the user may look at it, else undefined. */
export async function visibleAlbum(ctx: ServerContext, principal: Principal, albumId: string): Promise<Record<string, unknown> | undefined> {
  if (!albumId) return undefined;
  const album = galleryEntity(ctx, 'PhotoAlbum');
  const row = await ctx.database.db.selectFrom(album.table).selectAll().where(album.key, '=', albumId).executeTakeFirst();
  return row && (await visibleAlbumScope(ctx, principal)).allows(row) ? row : undefined;
}
