// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EntitySavePage } from '../../../runtime/react';
import { changedFormFields } from '../../../runtime/react/form/changedFields';
import { contractBundle } from './contractFixture';
import { fakeServices, installMatchMedia, refusal, renderWithRuntime } from './renderWithRuntime';

beforeAll(installMatchMedia);
afterEach(cleanup);

const STALE = '该记录已被他人修改，请刷新后重试';

function titleInput(): HTMLInputElement {
  return within(screen.getByTestId('field-title')).getByRole('textbox') as HTMLInputElement;
}

describe('a save refused because the record changed meanwhile', () => {
  it('sends the loaded version, lists what the other person changed and keeps the typing', async () => {
    const loaded = { contractId: 'c1', title: '旧标题', salary: 1000, status: 'draft', rowVersion: 3 };
    const fresh = { ...loaded, salary: 2000, code: 'AB12', rowVersion: 4 };
    let reads = 0;
    const services = fakeServices((url) => {
      if (url !== '/get/hr/getHrContractById') return [];
      reads += 1;
      return reads === 1 ? loaded : fresh;
    }, ['hr:HrContract:update']);
    services.request.post.mockRejectedValueOnce(refusal(STALE, { conflict: 'rowVersion' }));
    renderWithRuntime(<EntitySavePage entity="HrContract" basePath="/hr/contract" id="c1" />, services);
    await waitFor(() => expect(titleInput().value).toBe('旧标题'));

    fireEvent.change(titleInput(), { target: { value: '我的标题' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await screen.findByTestId('stale-dialog');
    expect(services.request.post.mock.calls[0][1]).toMatchObject({ contractId: 'c1', title: '我的标题', rowVersion: 3 });
    // Salary and code changed on the server; the title is only the user's own edit.
    expect(within(screen.getByTestId('stale-fields')).getAllByRole('listitem').map((li) => li.getAttribute('data-testid')))
      .toEqual(['stale-field-salary', 'stale-field-code']);
    expect(services.navigate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('stale-keep'));
    await waitFor(() => expect(screen.queryByTestId('stale-dialog')).toBeNull());
    expect(titleInput().value).toBe('我的标题');
  });

  it('starts the form again from the fresh record on 重新加载, and sends its version', async () => {
    const loaded = { contractId: 'c1', title: '旧标题', status: 'draft', rowVersion: 3 };
    const fresh = { ...loaded, title: '他人标题', rowVersion: 4 };
    let reads = 0;
    const services = fakeServices((url) => {
      if (url !== '/get/hr/getHrContractById') return [];
      reads += 1;
      return reads === 1 ? loaded : fresh;
    }, ['hr:HrContract:update']);
    services.request.post.mockRejectedValueOnce(refusal(STALE, { conflict: 'rowVersion' }));
    renderWithRuntime(<EntitySavePage entity="HrContract" basePath="/hr/contract" id="c1" />, services);
    await waitFor(() => expect(titleInput().value).toBe('旧标题'));
    fireEvent.change(titleInput(), { target: { value: '我的标题' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await screen.findByTestId('stale-dialog');
    expect(screen.getByTestId('stale-field-title')).toBeTruthy();

    fireEvent.click(screen.getByTestId('stale-reload'));
    await waitFor(() => expect(titleInput().value).toBe('他人标题'));
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(services.navigate).toHaveBeenCalledWith('/hr/contract'));
    expect(services.request.post.mock.calls[1][1]).toMatchObject({ title: '他人标题', rowVersion: 4 });
  });

  it('counts empty in any spelling as unchanged, ignores fields outside the form and follows the form order', () => {
    const { entity } = contractBundle();
    expect(changedFormFields(entity, { title: 'a', code: null, salary: 1, status: 'draft' }, { title: 'a', code: '', salary: 2, status: 'done', rowVersion: 9 })
      .map((f) => f.name)).toEqual(['salary', 'status']);
  });
});
