import { Result, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useRuntime } from '../../runtime/react';
import { loadDesign, type DesignRecord } from './designCalls';
import { DesignerWorkspace } from './DesignerWorkspace';
import type { LoadLanguage } from './LoadLanguage';

/**
 * 表单设计 at /system/design/edit?name=<Entity> (the SysDesign list's 设计 action). Lazy-loaded by
 * its route with dnd-kit and Monaco, so neither reaches the sign-in or first-screen bundle.
 * `loadLanguage` fetches another language's texts for the preview (the shell's i18n).
 */
export function FormDesignerPage({ loadLanguage }: { loadLanguage: LoadLanguage }) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  const [record, setRecord] = useState<DesignRecord | null | 'failed'>(null);

  const load = useCallback(() => {
    setRecord(null);
    // Both languages' texts are at hand before the editor opens: labels are edited, and previewed, in each.
    return Promise.all([loadDesign(request, name), loadLanguage('zh-cn').catch(() => undefined), loadLanguage('en').catch(() => undefined)])
      .then(([loaded]) => setRecord(loaded), () => setRecord('failed'));
  }, [name, request, loadLanguage]);

  useEffect(() => {
    if (name) void load();
  }, [name, load]);

  if (!name) return <Result status="warning" title={t('designer.page.noName')} />;
  if (record === 'failed') return <Result status="warning" title={t('designer.page.loadFailed')} />;
  if (record === null) return <Spin style={{ display: 'block', margin: 48 }} />;
  // Keyed by the record's revision: a reload gets a fresh editor (and undo history).
  return <DesignerWorkspace key={`${record.name}:${record.revision}`} record={record} onReload={load} />;
}
