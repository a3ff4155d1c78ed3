// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EntityIndexPage } from '../../../runtime/react';
import { fakeServices, installMatchMedia, refusal, renderWithRuntime, type GetHandler } from './renderWithRuntime';

beforeAll(installMatchMedia);
afterEach(cleanup);

const ALL = ['hr:HrContract:list', 'hr:HrContract:insert', 'hr:HrContract:update', 'hr:HrContract:delete', 'hr:HrContract:approve'];

const rows = [
  { contractId: 'c1', title: '劳动合同', contractType: 1, salary: 8000, status: 'draft' },
  { contractId: 'c2', title: '实习协议', contractType: 2, salary: 3000.5, status: 'approved' },
];

function listAnswer(data: unknown): GetHandler {
  return (url) => {
    if (url === '/get/hr/getHrContractList') return data;
    if (url === '/get/system/getDicByCode') return [{ label: '正式', value: 1, tagType: 'success' }, { label: '实习', value: '2' }];
    if (url === '/get/system/getColumnSetting') return null;
    return null;
  };
}

describe('EntityIndexPage', () => {
  it('lists rows with formatted cells and the default sort, paging 15', async () => {
    const services = fakeServices(listAnswer({ list: rows, total: 40 }), ALL);
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, services);
    expect(await screen.findByText('劳动合同')).toBeTruthy();
    expect(screen.getByText('8000.00')).toBeTruthy();
    expect(screen.getByText('3000.50')).toBeTruthy();
    expect(await screen.findByText('正式')).toBeTruthy();
    // The paginator keeps antd's own parts (reordered by CSS into the spec's layout).
    const paginator = screen.getByText('共 40 条').closest('.runtime-spec-pagination') as HTMLElement;
    expect(paginator.querySelector('.ant-pagination-options-size-changer')).toBeTruthy();
    expect(paginator.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy();
    expect(services.request.get).toHaveBeenCalledWith('/get/hr/getHrContractList', {
      page: 1, pageSize: 15, prop: 'signDate', order: 'descending',
    });
  });

  it('shows actions by permission: add, edit, delete and the permitted transitions', async () => {
    const services = fakeServices(listAnswer({ list: rows, total: 2 }), ALL);
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, services);
    await screen.findByText('劳动合同');
    expect(screen.getByTestId('entity-add')).toBeTruthy();
    expect(screen.getByTestId('row-edit-c1')).toBeTruthy();
    expect(screen.getByTestId('row-transition-approve-c1')).toBeTruthy();
    // c2 is already approved: no transition leaves that state.
    expect(screen.queryByTestId('row-transition-approve-c2')).toBeNull();

    fireEvent.click(screen.getByTestId('row-view-c2'));
    expect(services.navigate).toHaveBeenCalledWith('/hr/contract/details?id=c2');
  });

  it('deletes a row after confirmation, and selected rows by their ids', async () => {
    const services = fakeServices(listAnswer({ list: rows, total: 2 }), ALL);
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, services);
    await screen.findByText('劳动合同');
    fireEvent.click(screen.getByTestId('row-delete-c1'));
    fireEvent.click(await screen.findByTestId('delete-confirm'));
    await waitFor(() => expect(services.request.post).toHaveBeenCalledWith('/set/hr/deleteHrContract', { id: 'c1' }));

    const [, firstRow, secondRow] = screen.getAllByRole('checkbox');
    fireEvent.click(firstRow);
    fireEvent.click(secondRow);
    fireEvent.click(screen.getByTestId('entity-delete-selected'));
    const confirms = await screen.findAllByTestId('delete-confirm');
    fireEvent.click(confirms[confirms.length - 1]);
    await waitFor(() => expect(services.request.post).toHaveBeenCalledWith('/set/hr/deleteHrContractByIds', { ids: ['c1', 'c2'] }));
  });

  it('hides what the user may not do', async () => {
    const services = fakeServices(listAnswer({ list: rows, total: 2 }), ['hr:HrContract:list']);
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, services);
    await screen.findByText('劳动合同');
    expect(screen.queryByTestId('entity-add')).toBeNull();
    expect(screen.queryByTestId('row-edit-c1')).toBeNull();
    expect(screen.queryByTestId('row-delete-c1')).toBeNull();
    expect(screen.queryByTestId('row-transition-approve-c1')).toBeNull();
  });

  it('shows 暂无数据 when empty, the server message on refusal, 数据格式错误 on a bad shape', async () => {
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, fakeServices(listAnswer({ list: [], total: 0 }), ALL));
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    cleanup();

    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, fakeServices(listAnswer(refusal('筛选条件格式不正确')), ALL));
    expect(await screen.findByText('筛选条件格式不正确')).toBeTruthy();
    cleanup();

    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, fakeServices(listAnswer({ rows: [] }), ALL));
    expect(await screen.findByText('数据格式错误')).toBeTruthy();
  });

  it('offers manage and mine tabs when the user has both lists', async () => {
    const services = fakeServices(listAnswer({ list: rows, total: 2 }), [...ALL, 'hr:HrContract:my']);
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, services);
    await screen.findByText('劳动合同');
    expect(screen.getByRole('tab', { name: '管理' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '我的' })).toBeTruthy();
  });

  it('applies the filter drawer as filterObj from page 1 and counts it on the badge', async () => {
    const services = fakeServices(listAnswer({ list: rows, total: 2 }), ALL);
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, services);
    await screen.findByText('劳动合同');
    fireEvent.click(screen.getByTestId('entity-filter'));
    const input = await screen.findByTestId('filter-value-title');
    fireEvent.change(input, { target: { value: '劳动' } });
    fireEvent.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(services.request.get).toHaveBeenCalledWith('/get/hr/getHrContractList', expect.objectContaining({
      page: 1, filterObj: JSON.stringify({ title: { value: '劳动', operator: 'include' } }),
    })));
    const badge = screen.getByTestId('entity-filter').closest('.ant-badge') as HTMLElement;
    expect(within(badge).getByText('1')).toBeTruthy();
  });
});
