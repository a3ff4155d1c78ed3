import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportCount } from '../../core/constants/exportLimits';
import { callPath } from '../../core/naming';
import { alreadyShown, failureMessage } from '../data/requestFailure';
import { testIdButtonProps } from '../feedback/testIdButtonProps';
import { useFeedback } from '../feedback/useFeedback';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useRuntime } from '../useRuntime';
import { listParams, type ListQuery } from './listQuery';

/**
 * The export button's work: ask the server how many rows the file will hold, and when more rows
 * match than one file holds, say so and let the user choose before any download starts; then
 * download the file (same filters, scope and order as the list).
 */
export function useExportRows(bundle: EntitySchemaBundle, query: ListQuery): { exporting: boolean; exportRows(): Promise<void> } {
  const { t, i18n } = useTranslation();
  const { request } = useRuntime();
  const { message, confirm } = useFeedback();
  const [exporting, setExporting] = useState(false);
  const path = callPath(bundle.base, bundle.entity.name, 'export');

  const acceptsFirstRows = (limit: number) => new Promise<boolean>((resolve) => {
    const count = limit.toLocaleString(i18n.language);
    confirm({
      title: t('runtime.export.overLimitTitle'),
      content: t('runtime.export.overLimitContent', { limit: count }),
      okText: t('runtime.export.exportFirst', { limit: count }),
      cancelText: t('runtime.action.cancel'),
      okButtonProps: testIdButtonProps('export-over-limit-confirm'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });

  const exportRows = async () => {
    setExporting(true);
    try {
      const params = listParams(query, false);
      const counted = await request.get<ExportCount>(path, { ...params, count: 1 });
      if (counted.data.overLimit && !(await acceptsFirstRows(counted.data.limit))) return;
      await request.download(path, params);
    } catch (error) {
      if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.unknownError')));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportRows };
}
