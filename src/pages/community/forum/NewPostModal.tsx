import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../../runtime/react/richText/RichTextEditor';
import { request } from '../../../request';

/** 发帖: a title and rich-text content in one board. */
export function NewPostModal({ boardId, open, onClose, onSaved }: { boardId: string; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; content: string }>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await request.postJson('/set/info/insertDiscussPost', { board: boardId, title: values.title.trim(), content: values.content });
      message.success(t('community.forum.saved'));
      form.resetFields();
      onSaved();
    } catch { /* shown by the request layer */ } finally { setBusy(false); }
  };
  return (
    <Modal open={open} title={t('community.forum.newPost')} onCancel={onClose} onOk={save} confirmLoading={busy} width={760} destroyOnClose>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="title" label={t('entity.DiscussPost.field.title')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input maxLength={100} data-testid="post-title" />
        </Form.Item>
        <Form.Item name="content" label={t('entity.DiscussPost.field.content')} rules={[{ required: true }]}>
          <RichTextEditor data-testid="post-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
