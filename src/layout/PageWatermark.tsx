import { Watermark } from 'antd';
import type { ReactNode } from 'react';
import { useSessionStore } from '../session/sessionStore';

/** Marks the content with WATER_MARK_CONTENT / WATER_MARK_SUBTEXT when the server turned WATER_MARK on. */
export function PageWatermark({ children }: { children: ReactNode }) {
  const watermark = useSessionStore((state) => state.watermark);
  const userName = useSessionStore((state) => state.userInfo?.userName);
  if (!watermark.enabled) return <>{children}</>;
  const lines = [watermark.content, watermark.subtext].filter((line) => line !== '');
  // An enabled watermark without text would mark nothing; the user's name still tells whose screen it is.
  const content = lines.length > 0 ? lines : [userName ?? ''];
  return <Watermark content={content} style={{ minHeight: '100%' }}>{children}</Watermark>;
}
