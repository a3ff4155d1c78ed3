import type { EntityDef } from '../../../runtime/core/schema';
import type { ServerContext } from '../../context';

export type FileEntity = 'NetDiskItem' | 'NetDiskShare' | 'NetDiskQuota' | 'PublicFolder' | 'PublicFile' | 'PublicFolderGrant' | 'RegulationFile' | 'RegulationSort';

/** One of schemas/file's entities; their absence is a broken installation, not a user error. */
export function fileEntity(ctx: ServerContext, name: FileEntity): EntityDef {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`schemas/file lacks ${name}`);
  return entity;
}

/** A named call's text parameter, trimmed; '' when absent. */
export function textParam(params: Record<string, unknown>, name: string, max = 200): string {
  const value = params[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '';
}
