import { useCallback, useEffect, useState } from 'react';
import type { EntityDef } from '../../core/schema/types';
import { useRuntime } from '../useRuntime';
import { mergeColumnSettings, parseSavedColumns, type ColumnSetting } from './columnSettings';

export const GET_COLUMN_SETTING_PATH = '/get/system/getColumnSetting';
export const SAVE_COLUMN_SETTING_PATH = '/set/system/saveColumnSetting';

/**
 * The user's column arrangement for an entity (saved per user under the entity's name). The
 * schema's columns show at once; a saved arrangement replaces them when it arrives, and a failed
 * load simply leaves the defaults.
 */
export function useColumnSettings(entity: EntityDef) {
  const { request } = useRuntime();
  const [settings, setSettings] = useState<ColumnSetting[]>(() => mergeColumnSettings(entity.list.columns, null));

  useEffect(() => {
    let current = true;
    setSettings(mergeColumnSettings(entity.list.columns, null));
    request.get<unknown>(GET_COLUMN_SETTING_PATH, { key: entity.name }).then(
      (answer) => { if (current) setSettings(mergeColumnSettings(entity.list.columns, parseSavedColumns(answer.data))); },
      () => { /* defaults stay: a missing preference is not worth an error on the page */ },
    );
    return () => { current = false; };
  }, [entity, request]);

  const save = useCallback(async (next: ColumnSetting[]) => {
    await request.post(SAVE_COLUMN_SETTING_PATH, { key: entity.name, columns: JSON.stringify(next) });
    setSettings(next);
  }, [entity, request]);

  return { settings, save };
}
