import { Watermark } from 'antd';
import type { ReactNode } from 'react';
import { useShellConfigStore } from '../config/shellConfig';
import { useSessionStore } from '../session/sessionStore';

/**
 * Marks the content with WATER_MARK_CONTENT over WATER_MARK_SUBTEXT when the server turned
 * WATER_MARK on (the sign-in answer's items; the shell configuration's settings cover a session
 * stored before the watermark was configured).
 */
export function PageWatermark({ children }: { children: ReactNode }) {
  const watermark = useSessionStore((state) => state.watermark);
  const userInfo = useSessionStore((state) => state.userInfo);
  const configured = useShellConfigStore((state) => state.waterMark);
  const enabled = watermark.enabled || configured.enabled;
  if (!enabled) return <>{children}</>;
  const content = watermark.enabled ? watermark.content : configured.content;
  const subtext = watermark.enabled ? watermark.subtext : configured.subtext;
  const lines = [content, subtext].filter((line) => line !== '');
  // An enabled watermark without text would mark nothing; the user's name still tells whose screen it is.
  const shown = lines.length > 0 ? lines : [userInfo?.userName ?? '', userInfo?.accountId ?? ''].filter(Boolean);
  return (
    <div data-testid="page-watermark" data-watermark={shown.join(' / ')} style={{ minHeight: '100%' }}>
      <Watermark content={shown} font={{ color: 'rgba(0, 0, 0, 0.12)' }} style={{ minHeight: '100%' }}>
        {children}
      </Watermark>
    </div>
  );
}
