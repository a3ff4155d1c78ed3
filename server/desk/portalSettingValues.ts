import type { TFunction } from 'i18next';
import { widgetSettingFields, type PortalCell } from '../../runtime/core/portal';
import { systemEntity, type ServerContext } from '../context';
import { ApiError } from '../http/ApiError';

/** Whether `value` is one of the dictionary's values (the generic writes' rule, checkStoredValues). */
async function inDictionary(ctx: ServerContext, dictionary: string, value: string): Promise<boolean> {
  const dic = systemEntity(ctx, 'Dic');
  const found = await ctx.database.db.selectFrom(`${dic.table} as item`).innerJoin(`${dic.table} as parent`, 'parent.dicId', 'item.parentId')
    .select('item.dicId').where('parent.code', '=', dictionary).where('item.value', '=', value).executeTakeFirst();
  return Boolean(found);
}

/** Whether a workflow process has that key; without the bpm module no key is one. */
async function isProcess(ctx: ServerContext, processKey: string): Promise<boolean> {
  const process = ctx.registry.entities.get('BpmProcess');
  if (!process) return false;
  return Boolean(await ctx.database.db.selectFrom(process.table).select(process.key).where('processKey', '=', processKey).executeTakeFirst());
}

/**
 * What only the database can tell about a checked layout's settings: a type filter must be a
 * value of its dictionary and a process a process of the engine, or the widget would stay empty
 * for a reason nobody sees. Code 100 naming the widget and the setting (read with `t`).
 */
export async function checkSettingValues(ctx: ServerContext, cells: PortalCell[], t: TFunction): Promise<void> {
  for (const cell of cells) {
    for (const field of widgetSettingFields(cell.widgetCode)) {
      const value = cell.settings[field.name];
      if (typeof value !== 'string' || value === '') continue;
      const known = field.kind === 'dictionary' ? await inDictionary(ctx, field.dictionary, value)
        : field.kind === 'process' ? await isProcess(ctx, value) : true;
      if (!known) throw ApiError.business('portal.layout.unknownValue', { code: cell.widgetCode, setting: t(field.label), value: value.slice(0, 60) });
    }
  }
}
