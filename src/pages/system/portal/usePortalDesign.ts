import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../../runtime/react/data/requestFailure';
import { request } from '../../../request';
import { PORTAL_DESIGN_PATH, type PortalDesign } from '../../dashboard/portalTypes';

export type DesignState = { status: 'loading' } | { status: 'ready'; design: PortalDesign } | { status: 'failed'; message: string };

/** The portal named by `portalId` as the designer and the preview show it (getPortalDesign). */
export function usePortalDesign(portalId: string | null): { state: DesignState; reload: () => void } {
  const { t } = useTranslation();
  const [state, setState] = useState<DesignState>({ status: 'loading' });
  const reload = useCallback(() => {
    if (!portalId) {
      setState({ status: 'failed', message: t('portal.notFound') });
      return;
    }
    setState({ status: 'loading' });
    request.get<PortalDesign>(PORTAL_DESIGN_PATH, { portalId }, { quiet: true }).then(
      (answer) => setState({ status: 'ready', design: answer.data }),
      (error: unknown) => setState({ status: 'failed', message: failureMessage(error, t('portal.designer.loadFailed')) }),
    );
  }, [portalId, t]);
  useEffect(() => { reload(); }, [reload]);
  return { state, reload };
}
