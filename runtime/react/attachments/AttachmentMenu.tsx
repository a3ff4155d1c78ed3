import { DeleteOutlined, DownloadOutlined, EyeOutlined, FileProtectOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPEN_MODE_TYPES, officeViewerLink } from '../../core/office';
import { safeHref } from '../../core/links';
import { useFeedback } from '../feedback/useFeedback';
import { useRuntime } from '../useRuntime';
import { attachmentActions } from './attachmentActions';
import { downloadAttachment, type AttachmentInfo } from './attachmentCalls';
import { useAttachmentSettings } from './AttachmentSettings';
import { useDownloadWithFeedback } from './useDownloadWithFeedback';

export interface AttachmentMenuProps {
  attachment: Pick<AttachmentInfo, 'attachId' | 'name' | 'extName'>;
  /** Permission level (3 read-only details, 4 forms, 5 adds the red-header template on a PC). */
  roleFlag: number;
  /** Removes the file from its record; the menu asks for confirmation first. */
  onDelete?: (attachId: string) => void;
}

/** The office viewer's address comes from the stored configuration: only an in-app path or a web page opens. */
function openInNewTab(url: string): void {
  const safe = safeHref(url);
  if (safe) window.open(safe, '_blank', 'noopener');
}

/** The actions one attachment offers at `roleFlag` (see attachmentActions), as small link buttons. */
export function AttachmentMenu({ attachment, roleFlag, onDelete }: AttachmentMenuProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { confirm } = useFeedback();
  const { officeViewer, isPc } = useAttachmentSettings();
  const download = useDownloadWithFeedback();
  const actions = attachmentActions({ roleFlag, extName: attachment.extName, isPc });
  const file = { attachId: attachment.attachId, extName: attachment.extName, fileName: attachment.name };
  const id = attachment.attachId;
  const buttons = [];

  if (actions.includes('preview')) {
    const link = officeViewerLink(officeViewer, { ...file, openModeType: OPEN_MODE_TYPES.read });
    buttons.push(
      <Button key="preview" type="link" size="small" icon={<EyeOutlined />} data-testid={`attachment-preview-${id}`}
        onClick={() => openInNewTab(link.url)}>
        {t('runtime.attachmentMenu.preview')}
      </Button>,
    );
  }
  if (actions.includes('download')) {
    buttons.push(
      <Button key="download" type="link" size="small" icon={<DownloadOutlined />} data-testid={`attachment-download-${id}`}
        onClick={() => download(() => downloadAttachment(request, attachment))}>
        {t('runtime.action.download')}
      </Button>,
    );
  }
  if (actions.includes('redHeader')) {
    const link = officeViewerLink(officeViewer, { ...file, openModeType: OPEN_MODE_TYPES.redhead });
    // Without an office host the template cannot be applied: say so rather than open a plain preview.
    const button = (
      <Button key="redHeader" type="link" size="small" icon={<FileProtectOutlined />} data-testid={`attachment-redheader-${id}`}
        disabled={link.degraded} onClick={() => openInNewTab(link.url)}>
        {t('runtime.attachmentMenu.redHeader')}
      </Button>
    );
    buttons.push(link.degraded
      ? <Tooltip key="redHeader" title={t('runtime.attachmentMenu.redHeaderUnavailable')}><span>{button}</span></Tooltip>
      : button);
  }
  if (actions.includes('delete') && onDelete) {
    buttons.push(
      <Button key="delete" type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`attachment-delete-${id}`}
        onClick={() => confirm({
          title: t('runtime.upload.removeConfirm', { name: attachment.name }),
          okText: t('runtime.action.confirm'),
          cancelText: t('runtime.action.cancel'),
          onOk: () => onDelete(id),
        })}>
        {t('runtime.action.delete')}
      </Button>,
    );
  }
  return <Space size={0} wrap>{buttons}</Space>;
}
