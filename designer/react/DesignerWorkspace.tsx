import { Result, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DesignOperationError, fromEntityDocument } from '../core';
import { DesignDndContext } from './canvas/DesignDndContext';
import { FormCanvas } from './canvas/FormCanvas';
import type { DesignProblem, DesignRecord } from './designCalls';
import { DesignerHeader } from './header/DesignerHeader';
import { OutlineTree } from './panels/OutlineTree';
import { Palette } from './panels/Palette';
import { PreviewTab } from './preview/PreviewTab';
import { ProblemList } from './ProblemList';
import { PropertyPanel } from './properties/PropertyPanel';
import { DesignStore } from './state/DesignStore';
import { operationErrorText } from './state/useApply';
import { DesignStoreContext } from './state/useDesignState';
import { designLanguage, type DesignLanguage } from './state/useEntityText';
import { CallsTab } from './tabs/CallsTab';
import { DetailsTab } from './tabs/DetailsTab';
import { FlowTab } from './tabs/FlowTab';
import { JsonTab } from './tabs/JsonTab';
import { ListTab } from './tabs/ListTab';
import styles from './designer.module.css';

interface Props {
  record: DesignRecord;
  onReload(): void;
}

/** The form tab: palette and outline, the canvas, the selected node's properties. */
function FormTab() {
  return (
    <DesignDndContext>
      <div className={styles.body}>
        <div className={styles.left}>
          <Palette />
          <OutlineTree />
        </div>
        <FormCanvas />
        <PropertyPanel />
      </div>
    </DesignDndContext>
  );
}

/**
 * The designer of one entity: one store (document, history, selection) for every part; the
 * header acts on the design as a whole, the tabs edit its parts. Nothing here subscribes to the
 * document, so an edit re-renders only what reads the changed part.
 */
export function DesignerWorkspace({ record, onReload }: Props) {
  const { t, i18n } = useTranslation();
  const store = useMemo(() => {
    try {
      return new DesignStore(fromEntityDocument(record.schema));
    } catch (error) {
      if (error instanceof DesignOperationError) return error;
      throw error;
    }
  }, [record.schema]);
  const [problems, setProblems] = useState<DesignProblem[]>(record.problems ?? []);
  const [tab, setTab] = useState('form');
  const [previewLanguage, setPreviewLanguage] = useState<DesignLanguage>(designLanguage(i18n.language));
  if (store instanceof DesignOperationError) return <Result status="error" title={t('designer.page.badDocument')} subTitle={operationErrorText(t, store)} />;

  const items = [
    { key: 'form', label: t('designer.tab.form'), children: <FormTab /> },
    { key: 'list', label: t('designer.tab.list'), children: <ListTab /> },
    { key: 'details', label: t('designer.tab.details'), children: <DetailsTab /> },
    { key: 'calls', label: t('designer.tab.calls'), children: <CallsTab /> },
    { key: 'flow', label: t('designer.tab.flow'), children: <FlowTab /> },
    { key: 'json', label: 'JSON', children: <JsonTab /> },
    { key: 'preview', label: t('designer.tab.preview'), children: <PreviewTab module={record.module} language={previewLanguage} /> },
  ];
  return (
    <DesignStoreContext.Provider value={store}>
      <div className={styles.page} data-testid="form-designer">
        <DesignerHeader record={record} onProblems={setProblems} onReload={onReload} previewLanguage={previewLanguage} onPreviewLanguage={setPreviewLanguage} />
        <ProblemList problems={problems} onShowForm={() => setTab('form')} />
        <Tabs className={styles.tabs} activeKey={tab} onChange={setTab} items={items} destroyOnHidden size="small" />
      </div>
    </DesignStoreContext.Provider>
  );
}
