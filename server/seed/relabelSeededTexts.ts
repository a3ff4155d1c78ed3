import type { ServerContext } from '../context';
import { nextRowVersion } from '../entity/rowVersion';

const MIGRATION_TABLE = 'sys_migration';
const STEP = 'relabel seeded texts as language-pack keys';

/** Which stored texts the demo seed now writes as keys: entity, its translated field, the keys' group. */
const RELABELLED: [entity: string, field: string, group: string][] = [
  ['Dic', 'label', 'dic'],
  ['Role', 'roleName', 'role'],
  ['DeskConfig', 'title', 'deskWidget'],
  ['Shortcut', 'title', 'shortcut'],
];

/** Every key under a group of the Chinese pack with its text: dic.sex.item.1 → 男. */
function textsUnder(ctx: ServerContext, group: string): [key: string, text: string][] {
  const out: [string, string][] = [];
  const visit = (node: unknown, key: string) => {
    if (typeof node === 'string') out.push([key, node]);
    else if (node && typeof node === 'object') for (const [name, child] of Object.entries(node)) visit(child, `${key}.${name}`);
  };
  visit(ctx.i18n.getResource('zh-cn', 'translation', group), group);
  return out;
}

/**
 * A database seeded before the seed wrote keys holds the Chinese texts (性别, 人事专员, 快捷入口):
 * once, each such text becomes its key, which reads the same in Chinese and in English for an
 * English reader. A row an administrator typed with exactly that text reads the same way, which
 * is what its text says; any other text is left as typed.
 */
export async function relabelSeededTexts(ctx: ServerContext): Promise<void> {
  const { db } = ctx.database;
  const done = await db.selectFrom(MIGRATION_TABLE).select('migrationId').where('migrationId', '=', STEP).executeTakeFirst();
  if (done) return;
  await db.transaction().execute(async (trx) => {
    for (const [name, field, group] of RELABELLED) {
      const entity = ctx.registry.entities.get(name);
      if (!entity) continue;
      for (const [key, text] of textsUnder(ctx, group)) {
        await trx.updateTable(entity.table).set({ [field]: key, ...nextRowVersion() }).where(field, '=', text).execute();
      }
    }
    await trx.insertInto(MIGRATION_TABLE).values({ migrationId: STEP, appliedAt: new Date().toISOString() })
      .onConflict((oc) => oc.column('migrationId').doNothing()).execute();
  });
}
