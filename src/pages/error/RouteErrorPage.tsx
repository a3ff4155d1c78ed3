import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { getFeedback } from '../../feedback/feedback';
import { isRequestError } from '../../request/RequestError';
import { isChunkLoadError, PageLoadTimeoutError } from '../../router/lazyPage';
import { ForbiddenPage } from '../forbidden/ForbiddenPage';

function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Error element of the shell's routes. A page whose code failed to load (usually a new release
 * replaced its chunk) offers a reload; an unknown path is the no-permission page; anything else
 * is announced as 路由错误 (shell spec §8), unless the request layer already told the user.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunkFailed = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const alreadyShown = isRequestError(error) && error.shown;

  useEffect(() => {
    if (chunkFailed || notFound || alreadyShown) return;
    getFeedback().notification.error({ message: t('shell.router.errorTitle'), description: errorMessage(error) });
  }, [error, chunkFailed, notFound, alreadyShown, t]);

  if (notFound) return <ForbiddenPage />;
  const reload = <Button type="primary" onClick={() => window.location.reload()}>{t('shell.router.reload')}</Button>;
  if (chunkFailed) {
    return (
      <Result
        status="warning"
        title={t(error instanceof PageLoadTimeoutError ? 'shell.router.chunkTimeout' : 'shell.router.chunkFailedTitle')}
        subTitle={t('shell.router.chunkFailed')}
        extra={reload}
      />
    );
  }
  return <Result status="error" title={t('shell.router.errorTitle')} subTitle={errorMessage(error)} extra={reload} />;
}
