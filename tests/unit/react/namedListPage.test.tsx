// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EntityIndexPage } from '../../../runtime/react';
import { fakeServices, installMatchMedia, renderWithRuntime } from './renderWithRuntime';

beforeAll(installMatchMedia);
afterEach(cleanup);

/** Everything on contracts, the own list among it: the named list still offers reading only. */
const ALL = ['hr:HrContract:list', 'hr:HrContract:my', 'hr:HrContract:insert', 'hr:HrContract:update', 'hr:HrContract:delete',
  'hr:HrContract:export', 'hr:HrContract:approve'];
const NAMED = '/get/hr/getHrContractSharedList';

const services = (permissions: string[]) => fakeServices((url) => {
  if (url === NAMED) return { list: [{ contractId: 'c1', title: '劳动合同', status: 'draft' }], total: 1 };
  return null;
}, permissions);

describe('a named list as a page (EntityIndexPage listCall)', () => {
  it('reads the named call under its own title, opens rows on the entity page, and offers no write', async () => {
    const fake = services(ALL);
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" listCall="getHrContractSharedList" title="menu.sharedContracts" />, fake);
    // The first antd table of a jsdom run takes seconds on a loaded machine.
    expect(await screen.findByText('劳动合同', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('menu.sharedContracts')).toBeTruthy();
    expect(fake.request.get).toHaveBeenCalledWith(NAMED, { page: 1, pageSize: 15, prop: 'signDate', order: 'descending' });
    expect(fake.request.get).not.toHaveBeenCalledWith('/get/hr/getHrContractList', expect.anything());
    for (const testId of ['entity-add', 'entity-export', 'row-edit-c1', 'row-delete-c1']) expect(screen.queryByTestId(testId)).toBeNull();
    // The permitted transitions stay, and a row opens on the entity page's details screen.
    expect(screen.getByTestId('row-transition-approve-c1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('row-view-c1'));
    expect(fake.navigate).toHaveBeenCalledWith('/hr/contract/details?id=c1');
  });

  it('refuses, without calling it, a user who lacks the own-list permission the named calls require', async () => {
    const fake = services(['hr:HrContract:list']);
    renderWithRuntime(<EntityIndexPage entity="HrContract" basePath="/hr/contract" listCall="getHrContractSharedList" />, fake);
    expect(await screen.findByText('没有权限')).toBeTruthy();
    expect(fake.request.get).not.toHaveBeenCalledWith(NAMED, expect.anything());
  });
});
