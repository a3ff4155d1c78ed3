import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { CHAT_APP_OF_CLIENT, parseChatJump, type ChatClient } from '../../../runtime/core/links';
import { request } from '../../request/request';
import { loginUrl } from '../../router/loginUrl';
import { restartAppRouterAt } from '../../router/routerHost';
import { useSessionStore } from '../../session/sessionStore';
import type { LoginData } from '../../session/sessionTypes';
import { hasSession } from '../../session/sessionMarker';
import { MobileFrame } from './MobileFrame';

/**
 * The chat apps' message-jump handler (/dapp/login, /wapp/login): with the chat app's auth `code`
 * it signs in through the server's chat adapter (/get/chat/doAppLogin) and opens the target page
 * (`redirect`, `target` or `state`); without one, an existing session goes straight there.
 */
export function ChatLoginPage({ client }: { client: ChatClient }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const jump = parseChatJump(client, search);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!jump.code) {
      if (hasSession()) void navigate(jump.target, { replace: true });
      return;
    }
    request.post<LoginData>('/get/chat/doAppLogin', { app: CHAT_APP_OF_CLIENT[client], code: jump.code }, { quiet: true }).then(
      (answer) => {
        useSessionStore.getState().signIn(answer.data);
        restartAppRouterAt(jump.target);
      },
      (error: unknown) => setFailure(error instanceof Error && error.message ? error.message : t('shell.chat.failed')),
    );
  }, []);

  const passwordLogin = (
    <Button type="primary" size="large" data-testid="chat-password-login" onClick={() => { void navigate(loginUrl(jump.target)); }}>
      {t('shell.chat.passwordLogin')}
    </Button>
  );
  let content;
  if (failure) {
    content = <Result status="error" title={t('shell.chat.failed')} subTitle={<span data-testid="chat-login-error">{failure}</span>} extra={passwordLogin} />;
  } else if (!jump.code && !hasSession()) {
    content = (
      <Result
        status="info"
        title={t('shell.chat.openInApp', { app: t(`shell.mobile.client.${client}`) })}
        subTitle={t('shell.chat.noCode')}
        extra={passwordLogin}
      />
    );
  } else {
    content = <div style={{ textAlign: 'center', padding: 64 }}><Spin size="large" tip={t('shell.chat.signingIn')}><div style={{ padding: 32 }} /></Spin></div>;
  }
  return <MobileFrame title={t(`shell.mobile.client.${client}`)}>{content}</MobileFrame>;
}
