import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseWorkflowLink } from '../../../runtime/core/links';
import { failureMessage } from '../../../runtime/react/data/requestFailure';
import { request } from '../../request/request';

/** Where the 收文 details screen lives (schemas/doc/module.json, menu docReceive). */
const RECEIVE_DETAILS = '/doc/receive/details';

/**
 * /doc/handle/read?runId=<收文>&sendToId=<reader>: the link of a distribution message. It records
 * the reader's receipt (readDocReceive) and opens the 收文's details screen, where the body
 * previews. The server decides whether the caller may read it; a refusal is shown in its words.
 */
export function DocHandlePage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const link = parseWorkflowLink('doc', 'read', search);
  const runId = link?.runId;
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!runId) return;
    let live = true;
    request.post('/set/doc/readDocReceive', { id: runId })
      .then(() => { if (live) navigate(`${RECEIVE_DETAILS}?${new URLSearchParams({ id: runId }).toString()}`, { replace: true }); })
      .catch((error: unknown) => { if (live) setFailure(failureMessage(error, t('doc.handle.notRecipient'))); });
    return () => { live = false; };
  }, [runId, navigate, t]);

  if (!runId) {
    return <Result status="warning" title={t('doc.handle.title')} subTitle={<span data-testid="workflow-link-invalid">{t('shell.links.missingParam', { param: 'runId' })}</span>} />;
  }
  if (failure) return <Result status="403" title={t('doc.handle.title')} subTitle={<span data-testid="doc-handle-refused">{failure}</span>} />;
  return <Spin tip={t('doc.handle.opening')} data-testid="doc-handle-opening"><div style={{ minHeight: 200 }} /></Spin>;
}
