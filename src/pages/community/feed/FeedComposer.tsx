import { PictureOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_PATH, type UploadedFile } from '../../../../runtime/react/attachments/attachmentCalls';
import { request } from '../../../request';
import { AttachmentImage } from './AttachmentImage';

const MAX_IMAGES = 9;

/** 发布动态: text up to 1000 characters and up to nine pictures, uploaded as attachments before the post is sent. */
export function FeedComposer({ onPosted }: { onPosted: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const publish = async () => {
    setBusy(true);
    try {
      await request.postJson('/set/info/insertDynamicsRecord', { content: content.trim(), images });
      setContent('');
      setImages([]);
      message.success(t('community.feed.published'));
      onPosted();
    } catch { /* the request layer showed the refusal */ } finally { setBusy(false); }
  };
  const upload = async (file: File) => {
    if (images.length >= MAX_IMAGES) { message.warning(t('community.feed.tooManyImages')); return false; }
    setBusy(true);
    try {
      const uploaded = await request.upload<UploadedFile>(UPLOAD_PATH, file, { module: 'community' });
      setImages((ids) => [...ids, uploaded.data.attachId]);
    } catch { /* shown by the request layer */ } finally { setBusy(false); }
    return false;
  };
  return (
    <Card data-testid="feed-composer">
      <Input.TextArea value={content} onChange={(e) => setContent(e.target.value)} maxLength={1000} showCount autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder={t('community.feed.placeholder')} data-testid="feed-content" />
      {images.length > 0 && <Space wrap style={{ marginTop: 8 }}>{images.map((id) => <AttachmentImage key={id} attachId={id} size={72} />)}</Space>}
      <Space style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
        <Upload accept="image/*" showUploadList={false} multiple beforeUpload={(file) => upload(file)}>
          <Button icon={<PictureOutlined />} disabled={busy || images.length >= MAX_IMAGES}>{t('community.feed.addImages')}</Button>
        </Upload>
        <Button type="primary" loading={busy} disabled={content.trim() === ''} onClick={publish} data-testid="feed-publish">{t('community.feed.publish')}</Button>
      </Space>
    </Card>
  );
}
