import { configure, render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import coreZh from '../../../locales/parts/core.zh-cn.json';
import runtimeZh from '../../../locales/parts/runtime.zh-cn.json';
import listTotalsZh from '../../../locales/parts/list-totals.zh-cn.json';
import { RuntimeProvider, type RuntimeServices } from '../../../runtime/react';
import type { Envelope } from '../../../runtime/react/RuntimeServices';
import { contractBundle } from './contractFixture';

// The first antd render in a fresh jsdom takes about a second; the default 1 s wait is too tight.
configure({ asyncUtilTimeout: 5000 });

/** antd reads media queries; jsdom has none. */
export function installMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined,
    addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'zh-cn',
  // Our codes are lower-case; without this i18next looks for 'zh-CN' and finds no texts.
  lowerCaseLng: true,
  resources: { 'zh-cn': { translation: { ...coreZh, ...runtimeZh } } },
  initAsync: false,
  interpolation: { escapeValue: false },
});
// Parts that add keys under `runtime` merge into it (deep), as scripts/merge-locales.mjs does.
i18n.addResourceBundle('zh-cn', 'translation', listTotalsZh, true, false);

export type GetHandler = (url: string, params?: Record<string, unknown>) => unknown;

/** Rejection as the shell's request layer makes it: the server message plus the envelope. */
export function refusal(message: string, data: unknown = null): Error {
  return Object.assign(new Error(message), { code: 100, shown: false, body: { code: 100, message, data } });
}

export function fakeServices(get: GetHandler, permissions: string[]) {
  const ok = <T,>(data: T): Envelope<T> => ({ code: 200, message: '', data });
  const answer = async (url: string, params?: Record<string, unknown>) => {
    if (url === '/get/system/getEntitySchema') return ok(contractBundle());
    const data = get(url, params);
    if (data instanceof Error) throw data;
    return ok(data);
  };
  const services = {
    request: {
      get: vi.fn(answer),
      post: vi.fn(async (_url: string, _data?: Record<string, unknown>) => ok({})),
      postJson: vi.fn(async () => ok({})),
      upload: vi.fn(async () => ok({})),
      download: vi.fn(async () => undefined),
      blob: vi.fn(async () => new Blob()),
    },
    hasPermission: (name: string) => permissions.includes(name),
    user: { userId: 'u1', accountId: 'zhang', userName: '张三', roles: ['manager'] },
    navigate: vi.fn(),
    language: 'zh-cn',
  };
  return services as typeof services & RuntimeServices;
}

export function renderWithRuntime(ui: ReactElement, services: RuntimeServices) {
  return render(
    <I18nextProvider i18n={i18n}>
      <RuntimeProvider services={services}>{ui}</RuntimeProvider>
    </I18nextProvider>,
  );
}
