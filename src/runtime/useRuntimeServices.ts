import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RuntimeServices } from '../../runtime/react';
import { request } from '../request/request';
import { useSessionStore } from '../session/sessionStore';

/** What the generic entity screens (runtime/react) get from the shell: its request layer, session and navigation. */
export function useRuntimeServices(): RuntimeServices {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const userInfo = useSessionStore((state) => state.userInfo);
  const permissions = useSessionStore((state) => state.permissions);
  const language = i18n.language;

  return useMemo<RuntimeServices>(() => {
    const granted = new Set(permissions);
    return {
      request: {
        get: request.get,
        post: request.post,
        postJson: request.postJson,
        upload: request.upload,
        // The screens only need the file saved; the shell's download also hands back the blob.
        download: async (url: string, params?: Record<string, unknown>) => { await request.download(url, params); },
        blob: async (url: string, params?: Record<string, unknown>) => (await request.download(url, params, { save: false, quiet: true })).data.blob,
      },
      hasPermission: (name: string) => granted.has(name),
      user: {
        userId: userInfo?.userId ?? '',
        accountId: userInfo?.accountId ?? '',
        userName: userInfo?.userName ?? '',
        roles: userInfo?.roles ?? [],
        deptId: userInfo?.deptId ?? '',
        deptName: userInfo?.deptName ?? '',
      },
      navigate: (path: string) => { void navigate(path); },
      language,
    };
  }, [navigate, userInfo, permissions, language]);
}
