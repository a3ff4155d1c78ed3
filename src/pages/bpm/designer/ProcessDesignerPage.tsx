import { ReactFlowProvider } from '@xyflow/react';
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RuntimeProvider, useRuntime } from '../../../../runtime/react';
import { useRuntimeServices } from '../../../runtime/useRuntimeServices';
import { loadProcess, type ProcessRow } from './designerCalls';
import { DesignerEditor } from './DesignerEditor';
import { NewProcessForm } from './NewProcessForm';

/**
 * 流程设计 at /bpm/process/design?processId=… (from the BpmProcess list's 设计 action); without an
 * id it creates a process first. Lazy-loaded by its route, so xyflow never reaches the sign-in
 * or first-screen bundle.
 */
export function ProcessDesignerPage() {
  const services = useRuntimeServices();
  return (
    <RuntimeProvider services={services}>
      <ReactFlowProvider>
        <DesignerLoader />
      </ReactFlowProvider>
    </RuntimeProvider>
  );
}

function DesignerLoader() {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const [params, setParams] = useSearchParams();
  const processId = params.get('processId');
  const [row, setRow] = useState<ProcessRow | null | 'failed'>(null);

  useEffect(() => {
    if (!processId) return;
    let alive = true;
    setRow(null);
    loadProcess(request, processId).then((loaded) => { if (alive) setRow(loaded); }, () => { if (alive) setRow('failed'); });
    return () => { alive = false; };
  }, [processId, request]);

  if (!processId) return <NewProcessForm onCreated={(created) => { setRow(created); setParams({ processId: created.processId }); }} />;
  if (row === 'failed') return <Result status="warning" title={t('bpm.designer.loadFailed')} />;
  if (row === null) return <Spin style={{ display: 'block', margin: 48 }} />;
  // Keyed by the record: another process gets a fresh editor (and undo history).
  return <DesignerEditor key={row.processId} initialRow={row} />;
}
