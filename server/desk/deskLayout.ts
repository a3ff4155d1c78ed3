import type { Db } from '../db/connect';
import { newId, nowText } from '../http/newId';
import type { DeskWidget } from './deskWidgets';

/** The user's own arrangement, kept in the per-user settings (sys_user_setting) under this key. */
export const DESK_SETTING_KEY = 'desk';

/** Widget codes in the user's order, and the codes the user hid. */
export interface DeskLayout {
  order: string[];
  hidden: string[];
}

/** A widget as getMyDesk answers it: the configuration plus whether this user hid it. */
export interface PlacedWidget extends DeskWidget {
  hidden: boolean;
}

function codeList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];
}

/** A stored layout; anything unreadable counts as none (the configured desk), never an error. */
export function parseDeskLayout(text: unknown): DeskLayout | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return undefined;
    const { order, hidden } = parsed as { order?: unknown; hidden?: unknown };
    return { order: codeList(order), hidden: codeList(hidden) };
  } catch {
    return undefined;
  }
}

export async function readDeskLayout(db: Db, userId: string): Promise<DeskLayout | undefined> {
  const row = await db.selectFrom('sys_user_setting').select('value')
    .where('userId', '=', userId).where('settingKey', '=', DESK_SETTING_KEY).executeTakeFirst();
  return parseDeskLayout(row?.value);
}

export async function writeDeskLayout(db: Db, userId: string, layout: DeskLayout): Promise<void> {
  const value = JSON.stringify(layout);
  await db.insertInto('sys_user_setting')
    .values({ settingId: newId(), userId, settingKey: DESK_SETTING_KEY, value, updateTime: nowText() })
    .onConflict((oc) => oc.columns(['userId', 'settingKey']).doUpdateSet({ value, updateTime: nowText() }))
    .execute();
}

/**
 * The desk as the user sees it: the widgets of the saved order first, in that order, then those
 * the user never placed (added to the configuration since) in the configured order. Codes the
 * user may no longer see are simply gone.
 */
export function arrangeDesk(widgets: DeskWidget[], layout: DeskLayout | undefined): PlacedWidget[] {
  const hidden = new Set(layout?.hidden ?? []);
  const position = new Map((layout?.order ?? []).map((code, index) => [code, index]));
  const placed = widgets.filter((w) => position.has(w.widgetCode))
    .sort((a, b) => position.get(a.widgetCode)! - position.get(b.widgetCode)!);
  const rest = widgets.filter((w) => !position.has(w.widgetCode));
  return [...placed, ...rest].map((w) => ({ ...w, hidden: hidden.has(w.widgetCode) }));
}
