import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../feedback/useFeedback';

/** Runs a download and tells the user when it fails, instead of failing silently. */
export function useDownloadWithFeedback(): (run: () => Promise<void>) => void {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return useCallback((run) => {
    run().catch((error: unknown) => {
      message.error(error instanceof Error && error.message ? error.message : t('runtime.message.unknownError'));
    });
  }, [message, t]);
}
