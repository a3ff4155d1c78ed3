// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EntitySavePage } from '../../../runtime/react';
import { fakeServices, installMatchMedia, renderWithRuntime } from './renderWithRuntime';

beforeAll(installMatchMedia);
afterEach(cleanup);

const PERMISSIONS = ['hr:HrContract:insert', 'hr:HrContract:update'];
const titleInput = () => within(screen.getByTestId('field-title')).getByRole('textbox') as HTMLInputElement;

/** A link's query starting a new record (the occupancy board's free hour, a diary's 点评): presetValues.ts. */
describe('the save screen started from a link', () => {
  it('starts a new record with the link\'s values and the reference\'s name, and submits them', async () => {
    const services = fakeServices(() => [], PERMISSIONS);
    const query = new URLSearchParams({ title: '试用期协议', owner: 'u2', ownerName: '李娜', status: 'approved' });
    renderWithRuntime(<EntitySavePage entity="HrContract" basePath="/hr/contract" presetQuery={query} />, services);
    await waitFor(() => expect(titleInput().value).toBe('试用期协议'), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('tab', { name: 'hr.contract.tabOther' }));
    expect(within(await screen.findByTestId('field-owner')).getByText('李娜')).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(services.request.post).toHaveBeenCalled());
    const [url, values] = services.request.post.mock.calls[0];
    expect(url).toBe('/set/hr/insertHrContract');
    expect(values).toMatchObject({ title: '试用期协议', owner: 'u2' });
    expect(values).not.toHaveProperty('status');
  });

  it('leaves a record being edited as it is stored', async () => {
    const services = fakeServices((url) => (url === '/get/hr/getHrContractById' ? { contractId: 'c1', title: '旧标题', status: 'draft' } : []), PERMISSIONS);
    renderWithRuntime(<EntitySavePage entity="HrContract" basePath="/hr/contract" id="c1" presetQuery={new URLSearchParams({ title: '链接里的标题' })} />, services);
    await waitFor(() => expect(titleInput().value).toBe('旧标题'), { timeout: 10_000 });
  });
});
