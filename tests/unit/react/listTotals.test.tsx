// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityIndexPage } from '../../../runtime/react';
import { contractBundle } from './contractFixture';
import { fakeServices, installMatchMedia, renderWithRuntime } from './renderWithRuntime';

beforeAll(installMatchMedia);
afterEach(cleanup);

const ALL = ['hr:HrContract:list', 'hr:HrContract:insert', 'hr:HrContract:update', 'hr:HrContract:delete'];
const LIST = '/get/hr/getHrContractList';
/** A loaded two-core machine takes seconds to render an antd table in jsdom. */
const SLOW = { timeout: 30_000 };
const page = (n: number) => Array.from({ length: 15 }, (_, i) => ({ contractId: `c${n}-${i}`, title: `合同 ${n}-${i}`, salary: 1000, status: 'draft' }));

/** The list call answers as the server does at scale: capped unless the exact total is asked. */
function cappedList(exact: number) {
  return (url: string, params?: Record<string, unknown>) => {
    if (url !== LIST) return null;
    const n = Number(params?.page ?? 1);
    if (params?.exactTotal === 1) return { list: page(n), total: exact, totalCapped: false, summary: {} };
    return { list: page(n), total: Math.max(10_000, (n + 1) * 15), totalCapped: true, summary: {} };
  };
}

describe('the list pager with a capped total', { timeout: 120_000 }, () => {
  it('shows "10000+", keeps the next page open past the cap, and counts exactly on a click', async () => {
    const services = fakeServices(cappedList(123_456), ALL);
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, services);
    const capped = await screen.findByTestId('entity-total-capped', {}, SLOW);
    expect(capped.textContent).toBe('共 10000+ 条');
    // No exact count and no sums are asked for unless wanted.
    expect(services.request.get).toHaveBeenCalledWith(LIST, { page: 1, pageSize: 15, prop: 'signDate', order: 'descending' });

    // The last page the cap shows (667) still offers a next one.
    const paginator = capped.closest('.runtime-spec-pagination') as HTMLElement;
    fireEvent.click(within(paginator).getByText('667'));
    await waitFor(() => expect(services.request.get).toHaveBeenCalledWith(LIST, expect.objectContaining({ page: 667 })), SLOW);
    await screen.findByText('合同 667-0', {}, SLOW);
    const next = paginator.querySelector('.ant-pagination-next') as HTMLElement;
    expect(next.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(next.querySelector('button') ?? next);
    await screen.findByText('合同 668-0', {}, SLOW);

    fireEvent.click(screen.getByTestId('entity-total-capped'));
    await waitFor(() => expect(services.request.get).toHaveBeenCalledWith(LIST, expect.objectContaining({ page: 668, exactTotal: 1 })), SLOW);
    expect(await screen.findByText('共 123456 条', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('entity-total-capped')).toBeNull();
  });

  it('asks for the sums only where the schema shows a summary row, and shows them under their column', async () => {
    const plain = fakeServices(cappedList(20_000), ALL);
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, plain);
    await screen.findByText('合同 1-0', {}, SLOW);
    expect(plain.request.get).not.toHaveBeenCalledWith(LIST, expect.objectContaining({ summary: 1 }));
    expect(screen.queryByTestId('entity-summary-row')).toBeNull();
    cleanup();

    const bundle = contractBundle();
    bundle.entity.list.summary = true;
    const services = fakeServices((url) => (url === LIST ? { list: page(1), total: 15, totalCapped: false, summary: { salary: 98765.4 } } : null), ALL);
    const answer = services.request.get.getMockImplementation()!;
    services.request.get.mockImplementation(vi.fn(async (url: string, params?: Record<string, unknown>) => (
      url === '/get/system/getEntitySchema' ? { code: 200, message: '', data: bundle } : answer(url, params))));
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" />, services);
    const row = await screen.findByTestId('entity-summary-row', {}, SLOW);
    expect(services.request.get).toHaveBeenCalledWith(LIST, expect.objectContaining({ summary: 1 }));
    expect(within(row).getByText('合计')).toBeTruthy();
    expect(within(row).getByText('98765.40')).toBeTruthy();
  });
});
