import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { safeHref } from '../../../runtime/core/links';

export interface IframePageProps {
  url: string;
  title: string;
}


/** An iframe menu entry (`/i/{name}`): the configured page, filling the content area. */
export function IframePage({ url, title }: IframePageProps) {
  const { t } = useTranslation();
  // Only an in-app page or a web page is embedded: a `javascript:` or `data:` URL must not run in the app's origin.
  const src = safeHref(url);
  if (!src) return <Result status="403" title={t('shell.router.forbiddenTitle')} subTitle={t('shell.router.forbidden')} />;
  return (
    <iframe
      src={src}
      title={t(title)}
      style={{ display: 'block', width: '100%', height: 'calc(100vh - 140px)', border: 0 }}
    />
  );
}
