import { describe, expect, it } from 'vitest';
import { buildMenuRoutes, menuLinkPath, menuTrail, stripQuery } from '../../../runtime/core/menu';
import type { MenuNode } from '../../../src/session/sessionTypes';

const menu: MenuNode[] = [
  {
    name: 'hr', path: '/hr', component: 'layout', meta: { title: 'hr.menu', type: 'dir', icon: 'TeamOutlined' },
    children: [
      { name: 'hrContract', path: '/hr/contract?type=1', component: 'entity', meta: { title: 'hr.contract', type: 'page', entity: 'HrContract' } },
      { name: 'hrLicence', path: 'hr/licence/', component: 'entity', meta: { title: 'hr.licence', type: 'page', entity: 'HrLicence' } },
      {
        name: 'hrSub', path: '/hr/sub', component: 'layout', meta: { title: 'hr.sub', type: 'dir' },
        children: [{ name: 'hrDic', path: '/hr/dic#top', component: 'entity', meta: { title: 'hr.dic', type: 'page', entity: 'HrDic' } }],
      },
    ],
  },
  { name: 'report', path: '/ignored/path?x=1', component: 'iframe', meta: { title: 'bi.report', type: 'iframe', url: 'https://bi.example/report' } },
  { name: 'noUrl', path: '/i/noUrl', component: 'iframe', meta: { title: 'x', type: 'iframe' } },
  { name: 'noEntity', path: '/x/y', component: 'entity', meta: { title: 'x', type: 'page' } },
  { name: 'duplicate', path: '/hr/contract', component: 'entity', meta: { title: 'dup', type: 'page', entity: 'Other' } },
];

describe('stripQuery', () => {
  it('drops query and hash, adds the leading slash, drops trailing slashes', () => {
    expect(stripQuery('/hr/contract?type=1&b=2')).toBe('/hr/contract');
    expect(stripQuery('/hr/dic#top')).toBe('/hr/dic');
    expect(stripQuery('hr/licence/')).toBe('/hr/licence');
    expect(stripQuery('/')).toBe('/');
  });
});

describe('buildMenuRoutes', () => {
  const routes = buildMenuRoutes(menu);

  it('gives every entity entry index, details and save routes at its query-less path', () => {
    expect(routes.filter((route) => route.kind !== 'iframe' && route.entity === 'HrContract')).toEqual([
      { kind: 'entityIndex', path: '/hr/contract', entity: 'HrContract', basePath: '/hr/contract', title: 'hr.contract' },
      { kind: 'entityDetails', path: '/hr/contract/details', entity: 'HrContract', basePath: '/hr/contract', title: 'hr.contract' },
      { kind: 'entitySave', path: '/hr/contract/save', entity: 'HrContract', basePath: '/hr/contract', title: 'hr.contract' },
    ]);
  });

  it('walks nested directories', () => {
    expect(routes.map((route) => route.path)).toContain('/hr/dic/details');
    expect(routes.map((route) => route.path)).toContain('/hr/licence/save');
  });

  it('puts iframe entries at /i/{name} whatever their path', () => {
    expect(routes.filter((route) => route.kind === 'iframe')).toEqual([
      { kind: 'iframe', path: '/i/report', url: 'https://bi.example/report', title: 'bi.report' },
    ]);
  });

  it('skips entries it cannot render and keeps the first of two claiming one path', () => {
    const paths = routes.map((route) => route.path);
    expect(paths).not.toContain('/i/noUrl');
    expect(paths).not.toContain('/x/y');
    expect(new Set(paths).size).toBe(paths.length);
    expect(routes.find((route) => route.path === '/hr/contract')).toMatchObject({ entity: 'HrContract' });
  });

  it('builds nothing from an empty menu', () => {
    expect(buildMenuRoutes([])).toEqual([]);
  });
});

describe('menuLinkPath', () => {
  it('keeps the query for the page to read, and sends iframes to /i/{name}', () => {
    expect(menuLinkPath(menu[0].children![0])).toBe('/hr/contract?type=1');
    expect(menuLinkPath(menu[1])).toBe('/i/report');
  });
});

describe('menuTrail', () => {
  it('finds the entry and its directories for index, details and save pages', () => {
    expect(menuTrail(menu, '/hr/contract')).toEqual(['hr', '/hr/contract']);
    expect(menuTrail(menu, '/hr/dic/save')).toEqual(['hr', 'hrSub', '/hr/dic']);
    expect(menuTrail(menu, '/i/report')).toEqual(['/i/report']);
  });

  it('does not match a mere name prefix', () => {
    expect(menuTrail(menu, '/hr/contractor')).toEqual([]);
    expect(menuTrail(menu, '/dashboard')).toEqual([]);
  });
});
