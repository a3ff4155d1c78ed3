import type { Principal } from '../../auth/Principal';
import { recordOperation, type OperationEntity } from '../../audit/recordOperation';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { LINK_TABLE } from '../../files/attachmentLinks';
import { newId, nowText } from '../../http/newId';
import { loadSysConfigRow, sysConfigEntity } from '../../sysConfig/readSystemSettings';

/**
 * The sign-in page's background (docs/SHELL.md › Sign-in background): one attachment id kept in
 * sys_setting, not on the configuration row, set by uploadBackGroundImg and removed by
 * deleteBackGroundImg — both in force at once, both on the operation log.
 */
const BACKGROUND_KEY = 'loginBackground';
/** The link that keeps the sign-in background from the purge of unlinked files (no entity holds it). */
const BACKGROUND_LINK = { entity: 'LoginBackground', recordId: BACKGROUND_KEY };

/** Who may change it: the superuser, or whoever may update 系统配置 (as for the logo and banners). */
function requireBackgroundEditor(ctx: ServerContext, principal: Principal): void {
  if (!principal.isSuperAdmin) requirePermission(principal, sysConfigEntity(ctx).permissions.update);
}

/** The attachment id of the background in force, '' when none was uploaded (or it was removed). */
export async function loginBackgroundId(db: Db): Promise<string> {
  const setting = await db.selectFrom('sys_setting').select('value').where('settingKey', '=', BACKGROUND_KEY).executeTakeFirst();
  return setting ? String(JSON.parse(String(setting.value)) ?? '') : '';
}

/** The operation log names the change as an update of the configuration, its summary the background's id before and after. */
function backgroundLogEntity(ctx: ServerContext): OperationEntity {
  const config = sysConfigEntity(ctx);
  return { name: config.name, module: config.module, fields: [{ name: BACKGROUND_KEY, type: 'image', label: 'sysConfig.loginBackground.title' }] };
}

export interface BackgroundChange {
  principal: Principal;
  ip: string;
  /** The call that made it, as the log's detail. */
  detail: 'uploadBackGroundImg' | 'deleteBackGroundImg';
}

/**
 * Puts `attachId` in force as the background (null removes it), with its file link and the log
 * line in one transaction. A replaced or removed picture loses its link, so the purge of unlinked
 * files takes it a day later. Answers the id that was in force before ('' for none).
 */
export async function writeLoginBackground(ctx: ServerContext, attachId: string | null, change: BackgroundChange): Promise<string> {
  return ctx.database.db.transaction().execute(async (trx) => {
    const before = await loginBackgroundId(trx);
    // Removing what is not there changes nothing and logs nothing.
    if (!before && !attachId) return before;
    await trx.deleteFrom('sys_setting').where('settingKey', '=', BACKGROUND_KEY).execute();
    await trx.deleteFrom(LINK_TABLE).where('entity', '=', BACKGROUND_LINK.entity).where('recordId', '=', BACKGROUND_LINK.recordId).execute();
    if (attachId) {
      await trx.insertInto('sys_setting').values({ settingKey: BACKGROUND_KEY, value: JSON.stringify(attachId), updateTime: nowText() }).execute();
      await trx.insertInto(LINK_TABLE).values({ linkId: newId(), attachId, ...BACKGROUND_LINK }).execute();
    }
    const config = await loadSysConfigRow(ctx, trx);
    await recordOperation(trx, change.principal, {
      entity: backgroundLogEntity(ctx), action: 'update', recordId: String(config?.[sysConfigEntity(ctx).key] ?? BACKGROUND_KEY),
      before: { [BACKGROUND_KEY]: before || null }, after: { [BACKGROUND_KEY]: attachId }, detail: change.detail,
    }, change.ip);
    return before;
  });
}

/**
 * POST /set/file/deleteBackGroundImg: the sign-in page goes back to the theme colour's gradient.
 * Answers `{removed}`; with no background there is nothing to remove and nothing is logged.
 */
export const deleteBackGroundImgCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requireBackgroundEditor(request.ctx, principal);
    const before = await writeLoginBackground(request.ctx, null, { principal, ip: request.raw.ip, detail: 'deleteBackGroundImg' });
    return { removed: before !== '' };
  },
};
