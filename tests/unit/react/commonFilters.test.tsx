// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commonFilterRefusal, commonFilterTitleRefusal } from '../../../runtime/core/filter';
import { EntityIndexPage } from '../../../runtime/react';
import { commonFiltersOf } from '../../../runtime/react/index/useCommonFilters';
import { fakeServices, installMatchMedia, refusal, renderWithRuntime } from './renderWithRuntime';

beforeAll(installMatchMedia);
afterEach(cleanup);

const ALL = ['hr:HrContract:list', 'hr:HrContract:insert', 'hr:HrContract:update', 'hr:HrContract:delete'];
const rows = [{ contractId: 'c1', title: '劳动合同', contractType: 1, salary: 8000, status: 'draft' }];
const saved = [
  { id: 'f1', title: '劳动类', filterObj: { title: { value: '劳动', operator: 'include' } }, createTime: '2026-01-01 09:00:00', updateTime: '' },
  { id: 'f2', title: '实习协议', filterObj: { contractType: { value: ['2'], operator: 'eq' } }, createTime: '2026-01-02 09:00:00', updateTime: '' },
];

function setUp(commonFilters: unknown = saved) {
  const services = fakeServices((url) => {
    if (url === '/get/hr/getHrContractList') return { list: rows, total: 1 };
    if (url === '/get/system/getCommonFilterList') return commonFilters;
    if (url === '/get/system/getDicByCode') return [{ label: '正式', value: 1 }, { label: '实习', value: '2' }];
    return null;
  }, ALL);
  renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, services);
  return services;
}

async function openDrawer() {
  await screen.findByText('劳动合同');
  fireEvent.click(screen.getByTestId('entity-filter'));
  await screen.findByTestId('filter-value-title');
}

describe('saved common filters in the filter drawer', () => {
  it('lists the user\'s filters of this list, and a click searches with one', async () => {
    const services = setUp();
    await openDrawer();
    expect(await screen.findByText('常用过滤')).toBeTruthy();
    expect(await screen.findByTestId('common-filter-apply-f1')).toBeTruthy();
    expect(services.request.get).toHaveBeenCalledWith('/get/system/getCommonFilterList', { key: 'HrContract' });
    fireEvent.click(screen.getByTestId('common-filter-apply-f2'));
    await waitFor(() => expect(services.request.get).toHaveBeenCalledWith('/get/hr/getHrContractList', expect.objectContaining({
      page: 1, filterObj: JSON.stringify({ contractType: { value: ['2'], operator: 'eq' } }),
    })));
  });

  it('says so when there are none', async () => {
    setUp([]);
    await openDrawer();
    expect(await screen.findByText('暂无常用过滤')).toBeTruthy();
  });

  it('warns 无过滤项 and asks no name when no field is filled', async () => {
    const services = setUp();
    await openDrawer();
    fireEvent.click(screen.getByTestId('filter-save-common'));
    expect(await screen.findByText('无过滤项', { selector: '.ant-message *' })).toBeTruthy();
    expect(screen.queryByTestId('common-filter-name')).toBeNull();
    expect(services.request.post).not.toHaveBeenCalled();
  });

  it('refuses a blank name with 名称不能为空, then saves the filled rows under the name', async () => {
    const services = setUp();
    await openDrawer();
    fireEvent.change(screen.getByTestId('filter-value-title'), { target: { value: '合同' } });
    fireEvent.click(screen.getByTestId('filter-save-common'));
    const name = await screen.findByTestId('common-filter-name');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('common-filter-save-confirm'));
    expect(await screen.findByText('名称不能为空')).toBeTruthy();
    expect(services.request.post).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: ' 合同类 ' } });
    fireEvent.click(screen.getByTestId('common-filter-save-confirm'));
    await waitFor(() => expect(services.request.post).toHaveBeenCalledWith('/set/system/saveCommonFilter', {
      key: 'HrContract', title: '合同类', filterObj: JSON.stringify({ title: { value: '合同', operator: 'include' } }),
    }));
    // The list is read again to show the new filter.
    await waitFor(() => expect(services.request.get.mock.calls.filter(([url]) => url === '/get/system/getCommonFilterList')).toHaveLength(2));
    expect(await screen.findByText('已保存常用过滤“合同类”')).toBeTruthy();
  });

  it('shows the server\'s reason when it refuses the save', async () => {
    const services = setUp();
    services.request.post.mockImplementationOnce(async () => { throw refusal('每个列表最多保存 50 个常用过滤'); });
    await openDrawer();
    fireEvent.change(screen.getByTestId('filter-value-title'), { target: { value: '合同' } });
    fireEvent.click(screen.getByTestId('filter-save-common'));
    fireEvent.change(await screen.findByTestId('common-filter-name'), { target: { value: '第五十一个' } });
    fireEvent.click(screen.getByTestId('common-filter-save-confirm'));
    expect(await screen.findByText('每个列表最多保存 50 个常用过滤')).toBeTruthy();
    expect(screen.getByTestId('common-filter-name')).toBeTruthy();
  });

  it('deletes a filter after confirmation', async () => {
    const services = setUp();
    await openDrawer();
    fireEvent.click(await screen.findByTestId('common-filter-delete-f1'));
    fireEvent.click(await screen.findByTestId('common-filter-delete-confirm'));
    await waitFor(() => expect(services.request.post).toHaveBeenCalledWith('/set/system/deleteCommonFilter', { id: 'f1' }));
    vi.clearAllMocks();
  });
});

describe('common filter rules shared by the drawer and the server', () => {
  it('checks the fields first, then the name', () => {
    const filled = { title: { value: '合同', operator: 'include' } };
    expect(commonFilterRefusal('名字', {})).toBe('noFields');
    expect(commonFilterRefusal('', { title: { value: '', operator: 'include' } })).toBe('noFields');
    expect(commonFilterRefusal('  ', filled)).toBe('nameRequired');
    expect(commonFilterRefusal('名'.repeat(51), filled)).toBe('titleTooLong');
    expect(commonFilterRefusal('名'.repeat(50), filled)).toBeNull();
    expect(commonFilterTitleRefusal('')).toBe('nameRequired');
  });

  it('reads only well-formed saved filters from an answer', () => {
    expect(commonFiltersOf(null)).toEqual([]);
    expect(commonFiltersOf({ list: saved })).toEqual([]);
    expect(commonFiltersOf([...saved, { id: 3, title: 'x', filterObj: {} }, { id: 'f4', title: 'y' }])).toEqual(saved);
  });
});
