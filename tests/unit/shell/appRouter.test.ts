// @vitest-environment jsdom
import { AxiosError, type AxiosAdapter } from 'axios';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback } from '../../../src/feedback/feedback';
import { httpClient } from '../../../src/request/httpClient';
import { getAppRouter, restartAppRouterAt, type AppRouter } from '../../../src/router/routerHost';
import { useSessionStore } from '../../../src/session/sessionStore';
import type { MenuNode } from '../../../src/session/sessionTypes';

const menu: MenuNode[] = [{
  name: 'hr', path: '/hr', component: 'layout', meta: { title: 'hr.menu', type: 'dir' },
  children: [
    { name: 'hrContract', path: '/hr/contract?type=1', component: 'entity', meta: { title: 'hr.contract', type: 'page', entity: 'HrContract' } },
    { name: 'report', path: '/i/report', component: 'iframe', meta: { title: 'bi.report', type: 'iframe', url: 'https://bi.example/r' } },
  ],
}];

let menuCalls = 0;
const adapter: AxiosAdapter = async (config) => {
  const response = { status: 200, statusText: 'OK', headers: {}, config, request: {}, data: {} as unknown };
  if (config.url === '/get/system/myMenus') {
    menuCalls += 1;
    response.data = { code: 200, message: '', data: { menu } };
    return response;
  }
  if (config.url === '/get/system/getDesignedMessages') {
    response.data = { code: 200, message: '', data: { 'zh-cn': { 'entity.BiReport.title': '报表' }, en: { 'entity.BiReport.title': 'Report' } } };
    return response;
  }
  throw new AxiosError('not scripted', 'ERR_BAD_RESPONSE', config, {}, { ...response, status: 404 });
};

/** Path patterns of the matched routes, outermost first (pathless layout routes left out). */
function matchedPaths(router: AppRouter): string[] {
  return router.state.matches.map((match) => match.route.path).filter((path): path is string => path !== undefined);
}

describe('app router', () => {
  beforeEach(() => {
    httpClient.defaults.adapter = adapter;
    const quiet = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
    bindFeedback({ message: quiet, notification: quiet, modal: { confirm: vi.fn() } });
  });

  it('sends a visitor without a session to /login, remembering the page', async () => {
    Cookies.remove('SIGNED_IN');
    restartAppRouterAt('/login');
    const router = getAppRouter();
    await router.navigate('/hr/contract/details?id=7');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fhr%2Fcontract%2Fdetails%3Fid%3D7');
    expect(menuCalls).toBe(0);
  });

  it('builds the menu routes once on the first signed-in navigation', async () => {
    Cookies.set('SIGNED_IN', '1');
    restartAppRouterAt('/login');
    const router = getAppRouter();

    await router.navigate('/hr/contract/details?id=7');
    expect(router.state.location.pathname).toBe('/hr/contract/details');
    expect(matchedPaths(router)).toEqual(['/', '/hr/contract/details']);
    expect(useSessionStore.getState().menu).toEqual(menu);

    await router.navigate('/hr/contract/save');
    expect(matchedPaths(router)).toEqual(['/', '/hr/contract/save']);
    await router.navigate('/hr/contract');
    expect(matchedPaths(router)).toEqual(['/', '/hr/contract']);
    await router.navigate('/i/report');
    expect(matchedPaths(router)).toEqual(['/', '/i/report']);
    expect(menuCalls).toBe(1);
  });

  it('shows the catch-all for paths the menu does not grant', async () => {
    Cookies.set('SIGNED_IN', '1');
    const router = getAppRouter();
    await router.navigate('/finance/secret');
    expect(matchedPaths(router)).toEqual(['/', '*']);
  });

  it("redirects '/' to the dashboard", async () => {
    Cookies.set('SIGNED_IN', '1');
    const router = getAppRouter();
    await router.navigate('/');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
