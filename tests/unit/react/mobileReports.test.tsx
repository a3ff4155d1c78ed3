// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import taskProcess from '../../../schemas/office/OfficeTaskProcess.json';
import { normaliseEntity } from '../../../runtime/core/schema';
import type { EntitySchemaBundle } from '../../../runtime/react/schema/EntitySchemaBundle';
import { FAMILY_REPORTS } from '../../../src/pages/mobile/familyReports';
import { MobileReports } from '../../../src/pages/mobile/MobileReports';
import { fakeServices, installMatchMedia, renderWithRuntime } from './renderWithRuntime';

beforeAll(installMatchMedia);
afterEach(cleanup);

const bundle: EntitySchemaBundle = {
  entity: normaliseEntity(taskProcess as unknown as Record<string, unknown>, 'office'),
  base: 'office',
  references: {
    OfficeTask: { base: 'office', key: 'taskId', labelField: 'title', title: 'entity.OfficeTask.title' },
    User: { base: 'system', key: 'userId', labelField: 'userName', title: 'entity.User.title' },
  },
};

/** Services whose schema call answers the task-progress entity and whose list call answers `reports`. */
function servicesWith(reports: Record<string, unknown>[], permissions: string[]) {
  const services = fakeServices(() => [], permissions);
  services.request.get = vi.fn(async (url: string, params?: Record<string, unknown>) => {
    if (url === '/get/system/getEntitySchema') return { code: 200, message: '', data: bundle };
    if (url === '/get/office/getOfficeTaskProcessListByTask' && params?.task === 't1') return { code: 200, message: '', data: { list: reports, total: reports.length } };
    throw new Error(`unexpected ${url}`);
  }) as typeof services.request.get;
  return services;
}

const REPORTS = [
  { processId: 'p2', task: 't1', progress: 60, content: '详情页完成', reporter: 'u2', reporterName: '刘洋', createTime: '2031-05-03 10:00:00' },
  { processId: 'p1', task: 't1', progress: 40, content: '列表页完成', reporter: 'u1', reporterName: '李娜', createTime: '2031-05-02 09:00:00' },
];

describe('the progress reports under a task on the phone', () => {
  it('lists the task\'s reports and sends a new one from the latest percentage, then reads them again', async () => {
    const services = servicesWith(REPORTS, ['office:OfficeTaskProcess:insert']);
    const posted = vi.fn();
    renderWithRuntime(<MobileReports reports={FAMILY_REPORTS.task} parentId="t1" onPosted={posted} />, services);

    await waitFor(() => expect(screen.getAllByTestId('mobile-report')).toHaveLength(2));
    expect(screen.getAllByTestId('mobile-report')[0].textContent).toContain('刘洋');
    expect(screen.getAllByTestId('mobile-report')[0].textContent).toContain('详情页完成');
    // The form starts where the latest report left the task.
    const percent = screen.getByTestId('mobile-report-progress') as HTMLInputElement;
    expect(percent.value).toBe('60');

    fireEvent.change(percent, { target: { value: '75' } });
    fireEvent.change(screen.getByTestId('mobile-report-content'), { target: { value: '联调完成' } });
    fireEvent.click(screen.getByTestId('mobile-report-submit'));
    await waitFor(() => expect(services.request.post).toHaveBeenCalledWith('/set/office/insertOfficeTaskProcess', { task: 't1', content: '联调完成', progress: 75 }));
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(vi.mocked(services.request.get).mock.calls.filter(([url]) => url === '/get/office/getOfficeTaskProcessListByTask')).toHaveLength(2));
  });

  it('sends nothing without text, and offers no box to who may not report', async () => {
    const services = servicesWith([], ['office:OfficeTaskProcess:insert']);
    renderWithRuntime(<MobileReports reports={FAMILY_REPORTS.task} parentId="t1" onPosted={vi.fn()} />, services);
    fireEvent.click(await screen.findByTestId('mobile-report-submit'));
    expect(services.request.post).not.toHaveBeenCalled();
    cleanup();

    renderWithRuntime(<MobileReports reports={FAMILY_REPORTS.task} parentId="t1" onPosted={vi.fn()} />, servicesWith(REPORTS, []));
    await waitFor(() => expect(screen.getAllByTestId('mobile-report')).toHaveLength(2));
    expect(screen.queryByTestId('mobile-report-submit')).toBeNull();
  });
});
