import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Modal, Tooltip, type ModalProps } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_DEFAULT_WIDTH } from '../../../runtime/core/constants';

export interface AppDialogProps extends Omit<ModalProps, 'width' | 'title'> {
  title?: ReactNode;
  /** Width when not fullscreen; 600px by default (spec §9). */
  width?: number | string;
  /** Opens fullscreen. */
  defaultFullscreen?: boolean;
  /** Hides the fullscreen toggle (it is shown by default: spec §4 "dialogs have a fullscreen toggle"). */
  fullscreenToggle?: boolean;
  onFullscreenChange?: (fullscreen: boolean) => void;
}

const FULLSCREEN_STYLE: CSSProperties = { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 };

/** A dialog with a fullscreen toggle beside the close button; 600px wide unless told otherwise. */
export function AppDialog({
  title, width = DIALOG_DEFAULT_WIDTH, defaultFullscreen = false, fullscreenToggle = true, onFullscreenChange,
  style, styles, children, ...rest
}: AppDialogProps) {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(defaultFullscreen);
  const toggle = () => {
    setFullscreen(!fullscreen);
    onFullscreenChange?.(!fullscreen);
  };
  const label = t(fullscreen ? 'shell.dialog.exitFullscreen' : 'shell.dialog.fullscreen');
  const heading = (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginRight: 32 }}>
      <div style={{ flex: 1, minWidth: 0 }}>{title}</div>
      {fullscreenToggle && (
        <Tooltip title={label}>
          <Button
            type="text"
            size="small"
            aria-label={label}
            aria-pressed={fullscreen}
            data-testid="dialog-fullscreen"
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={toggle}
          />
        </Tooltip>
      )}
    </div>
  );
  const stylesObject = typeof styles === 'object' && styles !== null ? styles : {};
  return (
    <Modal
      {...rest}
      title={heading}
      width={fullscreen ? '100vw' : width}
      style={fullscreen ? { ...style, ...FULLSCREEN_STYLE } : style}
      styles={fullscreen ? {
        ...stylesObject,
        content: { minHeight: '100vh', borderRadius: 0, display: 'flex', flexDirection: 'column' },
        body: { flex: 1, overflow: 'auto' },
      } : stylesObject}
      data-fullscreen={fullscreen ? 'true' : 'false'}
    >
      {children}
    </Modal>
  );
}
