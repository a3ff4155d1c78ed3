// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EntityDetailsPage, registerDetailsPanel } from '../../../runtime/react';
import { fakeServices, installMatchMedia, renderWithRuntime } from './renderWithRuntime';

beforeAll(installMatchMedia);
afterEach(cleanup);

const row = { contractId: 'c1', title: '劳动合同', salary: 8000, probation: 1, owner: 'u1', ownerName: '张三', status: 'draft' };
const log = [{ transition: 'approve', fromState: 'draft', toState: 'approved', userName: '李四', opinion: '同意', createTime: '2024-05-01 10:00:00' }];

describe('EntityDetailsPage', () => {
  it('shows the record, its state, history and permitted transitions, and takes one with an opinion', async () => {
    const services = fakeServices((url) => {
      if (url === '/get/hr/getHrContractById') return row;
      if (url === '/get/system/getFlowLog') return log;
      return [];
    }, ['hr:HrContract:update', 'hr:HrContract:approve']);
    renderWithRuntime(<EntityDetailsPage entity="HrContract" basePath="/hr/contract" id="c1" />, services);

    expect(await screen.findByText('劳动合同')).toBeTruthy();
    expect(screen.getByText('8000.00')).toBeTruthy();
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByText('是')).toBeTruthy();
    expect(screen.getByTestId('details-state').textContent).toBe('flow.draft');
    expect(await screen.findByText('同意', { exact: false })).toBeTruthy();
    expect(services.request.get).toHaveBeenCalledWith('/get/system/getFlowLog', { entity: 'HrContract', id: 'c1' });

    fireEvent.click(screen.getByTestId('transition-approve'));
    fireEvent.change(await screen.findByTestId('transition-opinion'), { target: { value: '可以' } });
    fireEvent.click(screen.getByTestId('transition-confirm'));
    await waitFor(() => expect(services.request.post).toHaveBeenCalledWith('/set/hr/approvedHrContract', { id: 'c1', opinion: '可以' }));

    fireEvent.click(screen.getByTestId('details-edit'));
    expect(services.navigate).toHaveBeenCalledWith('/hr/contract/save?id=c1');
  });

  it('shows a block the shell registered for the entity after the sections, given the entity and the record', async () => {
    // Naming no section of the screen, it comes after the last one.
    registerDetailsPanel('HrContract', {
      name: 'note', afterSection: 'no.such.section',
      component: ({ entity, row: shown }) => <p data-testid="panel-note">{`${entity.name}:${String(shown.title)}`}</p>,
    });
    renderWithRuntime(<EntityDetailsPage entity="HrContract" basePath="/hr/contract" id="c1" />, fakeServices((url) => (url === '/get/hr/getHrContractById' ? row : []), []));
    const panel = await screen.findByTestId('panel-note');
    expect(panel.textContent).toBe('HrContract:劳动合同');
    expect(panel.previousElementSibling?.classList.contains('ant-descriptions')).toBe(true);
  });
});
