import { App, Button, ColorPicker, Input, Space, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_COLOR } from '../../runtime/core/constants';
import { colorShades, isHexColor } from '../../runtime/core/theme';
import { AppDialog } from '../components/dialog/AppDialog';
import { resolveThemeColor } from '../config/appSettings';
import { useShellConfigStore } from '../config/shellConfig';
import { useThemeColor } from '../config/useThemeColor';
import { request } from '../request/request';
import { useSessionStore } from '../session/sessionStore';

/** Colours offered with one click; any other can be picked or typed. */
export const THEME_PRESETS = [
  DEFAULT_THEME_COLOR, '#1677FF', '#2F54EB', '#722ED1', '#EB2F96', '#F5222D', '#FA541C', '#FA8C16', '#52C41A', '#13C2C2',
];

function normalise(color: string): string {
  const trimmed = color.trim();
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}

/** The 9 lighter and 9 darker shades of a colour, as a strip (what the theme will use). */
function ShadeStrip({ color }: { color: string }) {
  const { light, dark, base } = colorShades(color);
  const swatches = [...[...light].reverse(), base, ...dark];
  return (
    <div style={{ display: 'flex', borderRadius: 6, overflow: 'hidden', height: 24 }} data-testid="theme-shades">
      {swatches.map((swatch, index) => (
        <div key={`${swatch}-${index}`} title={swatch} style={{ flex: 1, background: swatch, outline: swatch === base ? '2px solid #fff' : undefined }} />
      ))}
    </div>
  );
}

export interface ThemeColorDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * The theme colour picker (user menu): presets, a colour picker and a hex field; saving stores
 * the colour as the user's preference on the server (saveMyTheme) and applies it at once.
 * "Use the default" forgets the preference, so the configured colour applies again.
 */
export function ThemeColorDialog({ open, onClose }: ThemeColorDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const current = useThemeColor();
  const configured = useShellConfigStore((state) => state.appColor);
  const [draft, setDraft] = useState(current);
  const [saving, setSaving] = useState(false);
  useEffect(() => { if (open) setDraft(current); }, [open, current]);
  const valid = isHexColor(draft);

  const save = async (theme: string) => {
    setSaving(true);
    try {
      const answer = await request.post<{ theme: string }>('/set/system/saveMyTheme', { theme });
      useSessionStore.getState().setUserTheme(answer.data.theme);
      void message.success(t('shell.theme.saved'));
      onClose();
    } catch {
      // The request layer has told the user.
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog
      open={open}
      title={t('shell.theme.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={(
        <Space>
          <Button data-testid="theme-reset" onClick={() => { void save(''); }} loading={saving}>
            {t('shell.theme.useDefault')}
          </Button>
          <Button onClick={onClose}>{t('shell.request.cancel')}</Button>
          <Button type="primary" data-testid="theme-save" disabled={!valid} loading={saving} onClick={() => { void save(normalise(draft)); }}>
            {t('shell.theme.save')}
          </Button>
        </Space>
      )}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap size={8}>
          {THEME_PRESETS.map((preset) => {
            const chosen = valid && normalise(draft).toLowerCase() === preset.toLowerCase();
            return (
              <button
                key={preset}
                type="button"
                aria-label={preset}
                data-testid={`theme-preset-${preset.slice(1)}`}
                onClick={() => setDraft(preset)}
                style={{
                  width: 32, height: 32, borderRadius: 6, border: 'none', cursor: 'pointer', background: preset, color: '#fff',
                  boxShadow: chosen ? `0 0 0 2px #fff, 0 0 0 4px ${preset}` : undefined,
                }}
              >
                {chosen && <CheckOutlined />}
              </button>
            );
          })}
        </Space>
        <Space wrap>
          <ColorPicker
            value={valid ? normalise(draft) : current}
            disabledAlpha
            format="hex"
            onChangeComplete={(color) => setDraft(color.toHexString())}
          />
          <Input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            status={valid ? undefined : 'error'}
            maxLength={7}
            style={{ width: 140 }}
            data-testid="theme-color-input"
            aria-label={t('shell.theme.hex')}
          />
          <Typography.Text type="secondary">
            {t('shell.theme.configured', { color: resolveThemeColor(undefined, configured) })}
          </Typography.Text>
        </Space>
        {valid && <ShadeStrip color={normalise(draft)} />}
        {valid && (
          <Space>
            <Button type="primary" style={{ background: normalise(draft), borderColor: normalise(draft) }}>{t('shell.theme.preview')}</Button>
            <Typography.Link style={{ color: normalise(draft) }}>{t('shell.theme.previewLink')}</Typography.Link>
          </Space>
        )}
      </Space>
    </AppDialog>
  );
}
