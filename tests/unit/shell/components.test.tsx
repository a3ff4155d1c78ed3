// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../src/i18n/i18n';
import {
  AppDialog, Auth, HasRole, PermissionButton, RelativeTime, StatisticsTypeSwitch, TrendIndicator, formatTrendValue,
  trendDirection, useCopy, usePermission,
} from '../../../src/components';
import { debounce } from '../../../src/components/chart/debounce';
import { isAuthGranted } from '../../../src/components/permission/permissionRules';
import { useSessionStore } from '../../../src/session/sessionStore';
import type { MenuNode } from '../../../src/session/sessionTypes';

configure({ asyncUtilTimeout: 5000 });
const renderInApp = (ui: ReactElement) => render(<AntApp>{ui}</AntApp>);

const menu: MenuNode[] = [{
  name: 'hr', path: '/hr', component: 'layout', meta: { title: 'hr', type: 'dir' },
  children: [{ name: 'hr:HrContract:sign', path: '', component: 'button', meta: { title: 'x', type: 'page' } }],
}];

beforeAll(() => {
  // antd reads media queries; jsdom has none.
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined,
    addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  // antd's Tooltip and Modal measure; jsdom lacks these.
  window.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
});

beforeEach(() => {
  useSessionStore.setState({
    permissions: ['hr:HrContract:insert'], menu,
    userInfo: { userId: 'u', accountId: 'zhangwei', userName: '张伟', roles: ['hr'] },
  });
});
afterEach(() => { cleanup(); vi.useRealTimers(); });

describe('permission directives', () => {
  it('auth: shows content only for a held name containing a colon (permission or menu entry)', () => {
    renderInApp(
      <>
        <Auth name="hr:HrContract:insert"><span>can-insert</span></Auth>
        <Auth name="hr:HrContract:sign"><span>can-sign</span></Auth>
        <Auth name="hr:HrContract:delete" fallback={<span>no-delete</span>}><span>can-delete</span></Auth>
        <Auth name="hr"><span>bare-name</span></Auth>
      </>,
    );
    expect(screen.queryByText('can-insert')).not.toBeNull();
    expect(screen.queryByText('can-sign')).not.toBeNull();
    expect(screen.queryByText('can-delete')).toBeNull();
    expect(screen.queryByText('no-delete')).not.toBeNull();
    expect(screen.queryByText('bare-name')).toBeNull();
    expect(isAuthGranted('hr', menu, ['hr'])).toBe(false);
  });

  it('role: shows content only for a held role', () => {
    renderInApp(
      <>
        <HasRole role="hr"><span>hr-only</span></HasRole>
        <HasRole role={['admin', 'finance']}><span>admin-only</span></HasRole>
      </>,
    );
    expect(screen.queryByText('hr-only')).not.toBeNull();
    expect(screen.queryByText('admin-only')).toBeNull();
  });

  it('the permission check shows 没有权限 when missing', async () => {
    let api: ReturnType<typeof usePermission> | null = null;
    function Probe() { api = usePermission(); return null; }
    renderInApp(<Probe />);
    expect(api!.check('hr:HrContract:insert')).toBe(true);
    act(() => { expect(api!.check('hr:HrContract:delete')).toBe(false); });
    expect(await screen.findByText('没有权限')).toBeTruthy();
  });

  it('a disabled button shows its tooltip: 系统默认无权限 by default', async () => {
    const onClick = vi.fn();
    renderInApp(
      <>
        <PermissionButton permission="hr:HrContract:insert" onClick={onClick}>add-btn</PermissionButton>
        <PermissionButton permission="hr:HrContract:delete" onClick={onClick}>delete-btn</PermissionButton>
        <PermissionButton disabled disabledTip="已归档，不能修改">edit-btn</PermissionButton>
      </>,
    );
    fireEvent.click(screen.getByText('add-btn'));
    expect(onClick).toHaveBeenCalledTimes(1);
    const deleteButton = screen.getByText('delete-btn').closest('button')!;
    expect(deleteButton.disabled).toBe(true);
    fireEvent.click(deleteButton);
    expect(onClick).toHaveBeenCalledTimes(1);
    const wrappers = screen.getAllByTestId('permission-button-wrapper');
    fireEvent.mouseEnter(wrappers[0]);
    expect(await screen.findByText('系统默认无权限')).toBeTruthy();
    fireEvent.mouseEnter(wrappers[1]);
    expect(await screen.findByText('已归档，不能修改')).toBeTruthy();
  });
});

describe('copy directive', () => {
  it('copies and toasts 复制成功', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let copy: ((text: string) => Promise<boolean>) | null = null;
    function Probe() { copy = useCopy(); return null; }
    renderInApp(<Probe />);
    await act(async () => { expect(await copy!('HT-2026-0001')).toBe(true); });
    expect(writeText).toHaveBeenCalledWith('HT-2026-0001');
    expect(await screen.findByText('复制成功')).toBeTruthy();
  });
});

describe('dialog with fullscreen toggle', () => {
  it('opens 600px wide and toggles fullscreen', async () => {
    const onFullscreenChange = vi.fn();
    renderInApp(<AppDialog open title="详情" onFullscreenChange={onFullscreenChange}><p>body</p></AppDialog>);
    const dialog = await screen.findByRole('dialog');
    const modal = dialog.closest('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe('600px');
    fireEvent.click(screen.getByTestId('dialog-fullscreen'));
    expect(onFullscreenChange).toHaveBeenCalledWith(true);
    await waitFor(() => expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('100vw'));
    expect(screen.getByTestId('dialog-fullscreen').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('dialog-fullscreen'));
    await waitFor(() => expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('600px'));
  });
});

describe('trend indicator', () => {
  it('gives direction, colour (rise red, fall green) and size', () => {
    expect([trendDirection(3), trendDirection(-0.5), trendDirection(0), trendDirection(null)]).toEqual(['up', 'down', 'flat', 'flat']);
    expect(formatTrendValue(-12.345)).toBe('12.3%');
    expect(formatTrendValue(undefined)).toBe('--');
    renderInApp(<><TrendIndicator value={12.5} label="同比" /><TrendIndicator value={-3} /><TrendIndicator value={5} reverseColor /></>);
    const [up, down, reversed] = screen.getAllByTestId('trend-indicator');
    expect(up.dataset.direction).toBe('up');
    expect(up.textContent).toContain('12.5%');
    expect(up.style.color).toBe('rgb(245, 34, 45)');
    expect(down.dataset.direction).toBe('down');
    expect(down.style.color).toBe('rgb(82, 196, 26)');
    expect(reversed.style.color).toBe('rgb(82, 196, 26)');
  });
});

describe('relative time', () => {
  it('shows 刚刚, then refreshes every 60 s', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2025, 5, 15, 12, 0, 0));
    renderInApp(<RelativeTime time={new Date(2025, 5, 15, 12, 0, 0)} />);
    expect(screen.getByTestId('relative-time').textContent).toBe('刚刚');
    act(() => { vi.advanceTimersByTime(59_000); });
    expect(screen.getByTestId('relative-time').textContent).toBe('刚刚');
    act(() => { vi.advanceTimersByTime(61_000); });
    expect(screen.getByTestId('relative-time').textContent).toBe('2 分钟前');
    act(() => { vi.advanceTimersByTime(3 * 3_600_000); });
    expect(screen.getByTestId('relative-time').textContent).toBe('3 小时前');
  });
});

describe('statistics type switch', () => {
  it('sets the count and the unit label', () => {
    const onChange = vi.fn();
    const { rerender } = renderInApp(<StatisticsTypeSwitch onChange={onChange} />);
    expect(screen.queryByTestId('statistics-unit')).toBeNull();
    fireEvent.click(screen.getByText('按月'));
    expect(onChange).toHaveBeenLastCalledWith({ staType: 2, staTypeCount: 1, unit: 'month' });
    rerender(<AntApp><StatisticsTypeSwitch value={{ staType: 1, staTypeCount: 1, unit: 'year' }} onChange={onChange} /></AntApp>);
    expect(screen.getByTestId('statistics-unit').textContent).toBe('统计单位：年');
    fireEvent.click(screen.getByText('不统计'));
    expect(onChange).toHaveBeenLastCalledWith({ staType: 0, staTypeCount: 0, unit: '' });
  });
});

describe('chart resize debounce', () => {
  it('runs once, 16 ms after the last call', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const debounced = debounce(run, 16);
    debounced(); debounced(); debounced();
    vi.advanceTimersByTime(15);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
