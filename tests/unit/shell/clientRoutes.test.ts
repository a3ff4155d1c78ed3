// @vitest-environment jsdom
import { AxiosError, type AxiosAdapter } from 'axios';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MODULE_DETAILS_LINKS } from '../../../runtime/core/links';
import { resetShellConfigLoad } from '../../../src/config/shellConfig';
import { bindFeedback } from '../../../src/feedback/feedback';
import { httpClient } from '../../../src/request/httpClient';
import { getAppRouter, restartAppRouterAt, type AppRouter } from '../../../src/router/routerHost';
import type { MenuNode } from '../../../src/session/sessionTypes';

const menu: MenuNode[] = [
  { name: 'hrContract', path: '/hr/contract', component: 'entity', meta: { title: 'hr.contract', type: 'page', entity: 'HrContract' } },
];
let dashboardUrl = '';
const adapter: AxiosAdapter = async (config) => {
  const response = { status: 200, statusText: 'OK', headers: {}, config, request: {}, data: {} as unknown };
  if (config.url === '/get/system/myMenus') response.data = { code: 200, message: '', data: { menu } };
  else if (config.url === '/get/system/getShellConfig') response.data = { code: 200, message: '', data: { dashboardUrl, appColor: '#00C6AE' } };
  else throw new AxiosError('not scripted', 'ERR_BAD_RESPONSE', config, {}, { ...response, status: 404 });
  return response;
};

function matchedPaths(router: AppRouter): string[] {
  return router.state.matches.map((match) => match.route.path).filter((path): path is string => path !== undefined);
}

describe('client routes', () => {
  beforeEach(() => {
    httpClient.defaults.adapter = adapter;
    const quiet = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
    bindFeedback({ message: quiet, notification: quiet, modal: { confirm: vi.fn() } });
    resetShellConfigLoad();
    dashboardUrl = '';
  });

  it('registers every message deep link, its family screen, and the mobile home, outside the layout', async () => {
    Cookies.set('SIGNED_IN', '1');
    restartAppRouterAt('/login');
    const router = getAppRouter();
    await router.navigate('/app');
    expect(matchedPaths(router)).toEqual(['/app']);
    for (const link of MODULE_DETAILS_LINKS) {
      await router.navigate(`${link.path}?${link.param}=42`);
      expect(matchedPaths(router)).toEqual([link.path]);
      await router.navigate(`/app/${link.module}`);
      expect(matchedPaths(router)).toEqual([`/app/${link.module}`]);
    }
    await router.navigate('/app/hr/contract/save?id=1');
    expect(matchedPaths(router)).toEqual(['/app/hr/contract/save']);
    // The phone's forms, mail compose and clock-in are screens of their own, not a record link.
    for (const path of ['/app/diary/save', '/app/meeting/save', '/app/email/compose', '/app/attendance']) {
      await router.navigate(path);
      expect(matchedPaths(router)).toEqual([path]);
    }
  });

  it('opens the workflow and document targets inside the layout', async () => {
    Cookies.set('SIGNED_IN', '1');
    restartAppRouterAt('/login');
    const router = getAppRouter();
    for (const path of ['/bpm/handle/dowork', '/bpm/handle/read', '/doc/handle/dowork', '/doc/handle/read']) {
      await router.navigate(`${path}?runId=a&stepRunId=b&flowId=c`);
      expect(matchedPaths(router)).toEqual(['/', path]);
    }
  });

  it('sends a deep link opened without a session to /login, remembering it', async () => {
    Cookies.remove('SIGNED_IN');
    restartAppRouterAt('/login');
    const router = getAppRouter();
    await router.navigate('/app/hr/contract/details?contractId=7');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/app/hr/contract/details?contractId=7');
    await router.navigate('/bpm/handle/read?runId=r1&sendToId=s1');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/bpm/handle/read?runId=r1&sendToId=s1');
  });

  it('sends the chat clients without a session to their own message-jump handler', async () => {
    Cookies.remove('SIGNED_IN');
    restartAppRouterAt('/login');
    const router = getAppRouter();
    await router.navigate('/dapp');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dapp/login?redirect=%2Fdapp');
    await router.navigate('/wapp');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/wapp/login?redirect=%2Fwapp');
    await router.navigate('/wapp/login?code=x');
    expect(matchedPaths(router)).toEqual(['/wapp/login']);
  });

  it("redirects '/' to the configured dashboard URL", async () => {
    Cookies.set('SIGNED_IN', '1');
    dashboardUrl = '/hr/contract';
    restartAppRouterAt('/login');
    const router = getAppRouter();
    await router.navigate('/');
    expect(router.state.location.pathname).toBe('/hr/contract');
  });
});
