import type { Db } from '../db/connect';
import { newId, nowText } from '../http/newId';

/** The city a user chose (saveMyCity), one row of the per-user settings. */
const SETTING_KEY = 'geo:city';

export async function readSavedCityCode(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('sys_user_setting').select('value')
    .where('userId', '=', userId).where('settingKey', '=', SETTING_KEY).executeTakeFirst();
  if (!row) return null;
  try {
    const value = JSON.parse(String(row.value)) as { cityCode?: unknown };
    return typeof value.cityCode === 'string' ? value.cityCode : null;
  } catch {
    return null;
  }
}

export async function saveCityCode(db: Db, userId: string, cityCode: string): Promise<void> {
  const value = JSON.stringify({ cityCode });
  await db.insertInto('sys_user_setting')
    .values({ settingId: newId(), userId, settingKey: SETTING_KEY, value, updateTime: nowText() })
    .onConflict((oc) => oc.columns(['userId', 'settingKey']).doUpdateSet({ value, updateTime: nowText() }))
    .execute();
}
