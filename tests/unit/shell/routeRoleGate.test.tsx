// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../src/i18n/i18n';
import { RoleGate } from '../../../src/router/RoleGate';
import { useSessionStore } from '../../../src/session/sessionStore';

function renderAt(path: string) {
  const router = createMemoryRouter([{
    element: <RoleGate />,
    children: [
      { path: '/open', element: <p>open page</p> },
      { path: '/admins', handle: { title: 'x', roles: ['admin'] }, element: <p>admin page</p> },
    ],
  }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('role-restricted local routes', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({
      matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined,
      addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(cleanup);

  it('shows a route restricted to admin only to admins; others get the no-permission page', async () => {
    useSessionStore.setState({ userInfo: { userId: 'u', accountId: 'lina', userName: '李娜', roles: ['staff'] } });
    renderAt('/admins');
    expect(await screen.findByText('抱歉，您无权访问此页面')).toBeTruthy();
    expect(screen.queryByText('admin page')).toBeNull();
    cleanup();
    renderAt('/open');
    expect(await screen.findByText('open page')).toBeTruthy();
    cleanup();
    useSessionStore.setState({ userInfo: { userId: 'a', accountId: 'admin', userName: '管理员', roles: ['admin'] } });
    renderAt('/admins');
    expect(await screen.findByText('admin page')).toBeTruthy();
  });
});
