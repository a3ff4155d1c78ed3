import { Button, Descriptions, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ModuleDetailsLink } from '../../../runtime/core/links';
import { CopyButton } from '../../components/copy/CopyButton';

export interface ModuleUnavailableProps {
  link: ModuleDetailsLink;
  /** The record the message named, when it came from a deep link. */
  id?: string | null;
}

/**
 * A message links into a module this installation does not have yet: say so plainly, and show what
 * the link named, so the user can quote it rather than face a blank or a "no permission" page.
 */
export function ModuleUnavailable({ link, id }: ModuleUnavailableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const moduleName = t(link.title);
  return (
    <Result
      status="info"
      title={<span data-testid="module-unavailable">{t('shell.links.unavailableTitle', { module: moduleName })}</span>}
      subTitle={t('shell.links.unavailableText')}
      extra={<Button type="primary" size="large" onClick={() => { void navigate('/app'); }}>{t('shell.mobile.home')}</Button>}
    >
      {id !== undefined && (
        <Descriptions column={1} bordered size="small" style={{ background: '#fff' }}>
          <Descriptions.Item label={t('shell.links.module')}>{moduleName}</Descriptions.Item>
          <Descriptions.Item label={link.param}>
            <span data-testid="deep-link-id">{id}</span> {id && <CopyButton text={id} />}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Result>
  );
}
