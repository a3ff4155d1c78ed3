// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EntitySavePage } from '../../../runtime/react';
import { fakeServices, installMatchMedia, refusal, renderWithRuntime } from './renderWithRuntime';

beforeAll(installMatchMedia);
afterEach(cleanup);

const PERMISSIONS = ['hr:HrContract:insert', 'hr:HrContract:update'];

function titleInput(): HTMLInputElement {
  return within(screen.getByTestId('field-title')).getByRole('textbox') as HTMLInputElement;
}

function openTab(title: string): void {
  fireEvent.click(screen.getByRole('tab', { name: title }));
}

describe('EntitySavePage', () => {
  it('renders the layout\'s fields, refuses an invalid form with 请检查表单！, then inserts', async () => {
    const services = fakeServices(() => [], PERMISSIONS);
    renderWithRuntime(<EntitySavePage entity="HrContract" basePath="/hr/contract" />, services);
    await screen.findByTestId('field-title');
    expect(screen.getByTestId('field-contractType')).toBeTruthy();
    // Only the open tab is rendered; the other one's fields appear when it is opened.
    expect(screen.queryByTestId('field-files')).toBeNull();
    openTab('hr.contract.tabOther');
    expect(await screen.findByTestId('field-files')).toBeTruthy();
    // hiddenWhen 'probation != 1' holds for a new record (probation defaults to 0).
    expect(screen.queryByTestId('field-probationMonths')).toBeNull();

    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('请检查表单！')).toBeTruthy();
    expect(await within(screen.getByTestId('field-title')).findByText('字段值不可为空')).toBeTruthy();
    expect(services.request.post).not.toHaveBeenCalled();

    fireEvent.change(titleInput(), { target: { value: '劳动合同' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(services.navigate).toHaveBeenCalledWith('/hr/contract'));
    const [url, values] = services.request.post.mock.calls[0];
    expect(url).toBe('/set/hr/insertHrContract');
    expect(values).toMatchObject({ title: '劳动合同', probation: 0, contractType: null });
    expect(values).not.toHaveProperty('probationMonths');
    expect(values).not.toHaveProperty('status');
  });

  it('edits a loaded record and places a code-100 refusal\'s errors on their fields', async () => {
    const services = fakeServices((url) => (url === '/get/hr/getHrContractById'
      ? { contractId: 'c1', title: '旧标题', probation: 1, probationMonths: 3, owner: 'u1', ownerName: '张三', status: 'draft' }
      : []), PERMISSIONS);
    services.request.post.mockRejectedValueOnce(refusal('标题已存在', { errors: [{ field: 'title', message: '标题已存在' }] }));
    renderWithRuntime(<EntitySavePage entity="HrContract" basePath="/hr/contract" id="c1" />, services);
    await waitFor(() => expect(titleInput().value).toBe('旧标题'));
    expect(screen.getByTestId('field-probationMonths')).toBeTruthy();
    openTab('hr.contract.tabOther');
    expect(within(await screen.findByTestId('field-owner')).getByText('张三')).toBeTruthy();

    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await within(screen.getByTestId('field-title')).findByText('标题已存在')).toBeTruthy();
    const [url, values] = services.request.post.mock.calls[0];
    expect(url).toBe('/set/hr/updateHrContract');
    expect(values).toMatchObject({ contractId: 'c1', title: '旧标题', probationMonths: 3, owner: 'u1' });
    expect(services.navigate).not.toHaveBeenCalled();

    // Editing the field withdraws the server's complaint, so the corrected form can be sent.
    fireEvent.change(titleInput(), { target: { value: '新标题' } });
    await waitFor(() => expect(within(screen.getByTestId('field-title')).queryByText('标题已存在')).toBeNull());
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(services.navigate).toHaveBeenCalledWith('/hr/contract'));
  });
});
