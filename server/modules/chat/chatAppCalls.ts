import { createHash, randomBytes } from 'node:crypto';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import { ApiError } from '../../http/ApiError';
import type { ChatAppName } from '../../adapters/chat';
import { chatAdaptersFor } from '../../people/chatAdapters';

const MAX_URL = 1000;
const PAGE_URL = /^https?:\/\/[^\s]+$/;

/** An app counts as configured when the environment names its corp and agent (the key and secret stay there). */
export function appConfigured(ctx: ServerContext, app: ChatAppName): boolean {
  const credentials = ctx.config.shell.chat.apps[app];
  return credentials.corpId !== '' && credentials.agentId !== '';
}

function readPageUrl(params: Record<string, unknown>): string {
  const url = String(params.url ?? '').trim();
  if (url.length > MAX_URL || !PAGE_URL.test(url)) throw ApiError.business('chat.call.badUrl');
  return url;
}

/**
 * getDdJSAPITicket / getWxJSAPITicket {url}: what the page at `url` inside the chat app needs to
 * configure the app's JS API — corp and agent, a time stamp, a nonce and the signature
 * sha1("jsapi_ticket=…&noncestr=…&timestamp=…&url=…") over the ticket the adapter fetched (both
 * apps sign this way). The ticket itself is never answered. An app without configuration answers
 * {configured: false}.
 */
export function jsapiTicketCall(app: ChatAppName): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      requirePrincipal(request);
      const { ctx } = request;
      const url = readPageUrl(request.params);
      const adapter = chatAdaptersFor(ctx).get(app);
      if (!appConfigured(ctx, app) || !adapter?.jsapiTicket) return { configured: false, app };
      const ticket = await adapter.jsapiTicket();
      const timeStamp = String(Math.floor(Date.now() / 1000));
      const nonceStr = randomBytes(8).toString('hex');
      const signature = createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timeStamp}&url=${url}`).digest('hex');
      const { corpId, agentId } = ctx.config.shell.chat.apps[app];
      return { configured: true, app, corpId, agentId, timeStamp, nonceStr, signature, url };
    },
  };
}

/** The apps' scan-to-sign-in pages; the code they send back goes to doAppLogin. */
const PC_LOGIN: Record<ChatAppName, (corpId: string, agentId: string, redirect: string, state: string) => string> = {
  dingtalk: (_corpId, agentId, redirect, state) => `https://login.dingtalk.com/oauth2/auth?${new URLSearchParams({
    redirect_uri: redirect, response_type: 'code', client_id: agentId, scope: 'openid', state, prompt: 'consent',
  }).toString()}`,
  wxwork: (corpId, agentId, redirect, state) => `https://login.work.weixin.qq.com/wwlogin/sso/login?${new URLSearchParams({
    login_type: 'CorpApp', appid: corpId, agentid: agentId, redirect_uri: redirect, state,
  }).toString()}`,
};

/**
 * getDdPcLogin / getWxPcLogin {redirect}: the chat app's scan-to-sign-in address for the PC sign-in
 * page (public: nobody is signed in yet), with a fresh `state` the page keeps to check the
 * return. `redirect` must be an http(s) address. Unconfigured: {configured: false}.
 */
export function pcLoginCall(app: ChatAppName): CallHandler {
  return {
    auth: 'public',
    async handle(request) {
      const { ctx } = request;
      const redirect = String(request.params.redirect ?? '').trim();
      if (redirect.length > MAX_URL || !PAGE_URL.test(redirect)) throw ApiError.business('chat.call.badUrl');
      if (!appConfigured(ctx, app)) return { configured: false, app };
      const { corpId, agentId } = ctx.config.shell.chat.apps[app];
      const state = randomBytes(12).toString('hex');
      return { configured: true, app, corpId, agentId, state, loginUrl: PC_LOGIN[app](corpId, agentId, redirect, state) };
    },
  };
}
