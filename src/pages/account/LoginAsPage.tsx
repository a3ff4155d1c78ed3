import { Alert, App, Button, Card, Form, Result, Select, Space, Typography } from 'antd';
import { LoginOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { request } from '../../request/request';
import { useSessionStore } from '../../session/sessionStore';
import type { LoginData } from '../../session/sessionTypes';
import { errorText } from './errorText';
import { KEEP_SESSION_HEADER } from '../../../runtime/core/constants/sessionCookie';

/** Shell spec §1/§6: only the account whose accountId is admin may sign in as another account. */
export const LOGIN_AS_ACCOUNT = 'admin';

interface UserOption { label: string; value: string }

/** The new session, named by its own token: the browser's session stays the administrator's until the switch. */
const bearer = (token: string) => ({ quiet: true, headers: { Authorization: `Bearer ${token}` } });

/** Whether the new session sees any menu, asked with its own token before the switch. */
async function hasMenus(token: string): Promise<boolean> {
  try {
    const answer = await request.get<{ menu?: unknown[] }>('/get/system/myMenus', {}, bearer(token));
    return Array.isArray(answer.data.menu) && answer.data.menu.length > 0;
  } catch {
    return false;
  }
}

/** Ends a session nobody will use (the switch was called off). */
async function revoke(token: string): Promise<void> {
  await request.post('/set/system/logout', {}, bearer(token)).catch(() => undefined);
}

/**
 * /system/login-as: admin picks an account (/get/system/getUserListForSelect) and signs in as it
 * (POST /set/system/loginOtherAccount). The new session replaces the administrator's exactly as
 * a sign-in does and the app reloads at '/', with that account's menus and permissions. An
 * account without any menu is refused with '当前用户无任何菜单权限，请联系系统管理员' and the
 * administrator stays signed in.
 */
export function LoginAsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const accountId = useSessionStore((state) => state.userInfo?.accountId);
  // `?accountId=` preselects an account (a link from the user list or details).
  const [params] = useSearchParams();
  const preselected = params.get('accountId') ?? '';
  const [options, setOptions] = useState<UserOption[]>([]);
  const [searching, setSearching] = useState(false);
  const [target, setTarget] = useState<string | undefined>(preselected || undefined);
  const [switching, setSwitching] = useState(false);
  const searchSeq = useRef(0);

  /** Users by name (keyword), or the one account `exact` names. */
  const search = async (keyword: string, exact?: string) => {
    const seq = ++searchSeq.current;
    setSearching(true);
    try {
      const query = exact
        ? { page: 1, pageSize: 15, filterObj: JSON.stringify({ accountId: { value: exact, operator: 'eq' } }) }
        : { page: 1, pageSize: 15, keyword: keyword.trim() };
      const answer = await request.get<{ list: { accountId: string; userName: string; status?: number }[] }>(
        '/get/system/getUserListForSelect', query, { quiet: true },
      );
      if (seq !== searchSeq.current) return;
      setOptions(answer.data.list.filter((u) => u.accountId !== LOGIN_AS_ACCOUNT)
        .map((u) => ({ value: u.accountId, label: `${u.userName}（${u.accountId}）` })));
    } catch (error) {
      void message.error(errorText(error, t));
    } finally {
      if (seq === searchSeq.current) setSearching(false);
    }
  };

  useEffect(() => { if (accountId === LOGIN_AS_ACCOUNT) void search('', preselected || undefined); }, [accountId]); // eslint-disable-line react-hooks/exhaustive-deps

  const loginAs = async () => {
    if (!target) { void message.warning(t('account.page.loginAs.userRequired')); return; }
    setSwitching(true);
    try {
      // Opened beside the administrator's session (no cookie yet), checked, then adopted as the browser's session.
      const answer = await request.post<LoginData>('/set/system/loginOtherAccount', { accountId: target }, { quiet: true, headers: { [KEEP_SESSION_HEADER]: '1' } });
      if (!(await hasMenus(answer.data.token))) {
        await revoke(answer.data.token);
        modal.warning({ title: t('account.page.loginAs.title'), content: <span data-testid="login-as-no-menu">{t('shell.login.noMenu')}</span> });
        setSwitching(false);
        return;
      }
      await request.post('/set/system/adoptSession', {}, bearer(answer.data.token));
      useSessionStore.getState().signIn(answer.data);
      // A fresh start at '/': no route, menu or store of the administrator's session survives.
      window.location.assign('/');
    } catch (error) {
      void message.error(errorText(error, t));
      setSwitching(false);
    }
  };

  if (accountId !== LOGIN_AS_ACCOUNT) {
    return <Result status="403" title="403" subTitle={<span data-testid="login-as-forbidden">{t('account.page.loginAs.onlyAdmin')}</span>} />;
  }
  return (
    <Card title={<Space><UserSwitchOutlined />{t('account.page.loginAs.title')}</Space>} style={{ maxWidth: 640 }} data-testid="login-as">
      <Typography.Paragraph type="secondary">{t('account.page.loginAs.intro')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('account.page.loginAs.user')} required>
          <Select
            showSearch
            allowClear
            value={target}
            onChange={(value: string | undefined) => setTarget(value)}
            filterOption={false}
            onSearch={(keyword) => { void search(keyword); }}
            loading={searching}
            options={options}
            placeholder={t('account.page.loginAs.userPlaceholder')}
            notFoundContent={null}
            data-testid="login-as-user"
          />
        </Form.Item>
        <Button type="primary" icon={<LoginOutlined />} loading={switching} onClick={() => { void loginAs(); }} data-testid="login-as-submit">
          {t('account.page.loginAs.submit')}
        </Button>
      </Form>
      <Alert style={{ marginTop: 16 }} type="warning" showIcon message={t('account.page.loginAs.onlyAdmin')} />
    </Card>
  );
}
