import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies with the Clipboard API, or — on plain-HTTP intranets where it is missing — a hidden text area. */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && typeof window !== 'undefined' && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    const copied = typeof document.execCommand === 'function' && document.execCommand('copy');
    if (!copied) throw new Error('copy refused by the browser');
  } finally {
    document.body.removeChild(area);
  }
}

/** The copy directive (spec §8): copies the text and toasts 复制成功 (or says it failed). */
export function useCopy(): (text: string) => Promise<boolean> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(async (text: string) => {
    try {
      await copyText(text);
      void message.success(t('shell.copy.success'));
      return true;
    } catch {
      void message.error(t('shell.copy.failed'));
      return false;
    }
  }, [message, t]);
}
