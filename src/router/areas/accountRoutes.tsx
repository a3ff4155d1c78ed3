import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

const ForgetPasswordPage = lazyPage(() => import('../../pages/account/ForgetPasswordPage').then((m) => m.ForgetPasswordPage));
const ForgetPasswordPhonePage = lazyPage(() => import('../../pages/account/ForgetPasswordPhonePage').then((m) => m.ForgetPasswordPhonePage));
const ResetPasswordPage = lazyPage(() => import('../../pages/account/ResetPasswordPage').then((m) => m.ResetPasswordPage));
const RegisterPage = lazyPage(() => import('../../pages/account/RegisterPage').then((m) => m.RegisterPage));
const RegStatusPage = lazyPage(() => import('../../pages/account/RegStatusPage').then((m) => m.RegStatusPage));
const SystemInfoPage = lazyPage(() => import('../../pages/account/SystemInfoPage').then((m) => m.SystemInfoPage));
const LoginAsPage = lazyPage(() => import('../../pages/account/LoginAsPage').then((m) => m.LoginAsPage));

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/**
 * Routes of the account area (shell spec §2):
 * - public: password recovery by e-mail and by phone, the two reset pages, registration and its status;
 * - layout: software registration (/system/info) and "sign in as this account" (/system/login-as).
 * /login itself is a static route of appRoutes; its page (src/pages/login) has both forms.
 */
export function accountRoutes(): AreaRoutes {
  const publicRoutes: RouteObject[] = [
    { path: '/forget_password', ...titled('account.page.forget.title'), element: <ForgetPasswordPage /> },
    { path: '/forget_password_phone', ...titled('account.page.forget.title'), element: <ForgetPasswordPhonePage /> },
    { path: '/resetPassword', ...titled('account.page.reset.title'), element: <ResetPasswordPage source="phone" /> },
    { path: '/resetPasswordByEmail', ...titled('account.page.reset.title'), element: <ResetPasswordPage source="email" /> },
    { path: '/register', ...titled('account.page.register.title'), element: <RegisterPage /> },
    { path: '/getRegStatus', ...titled('account.page.regStatus.title'), element: <RegStatusPage /> },
  ];
  const layout: RouteObject[] = [
    { path: 'system/info', ...titled('account.page.systemInfo.title'), element: <SystemInfoPage /> },
    { path: 'system/login-as', ...titled('account.page.loginAs.title'), element: <LoginAsPage /> },
  ];
  return { public: publicRoutes, layout };
}
