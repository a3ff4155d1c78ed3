import {
  BoldOutlined, ClearOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined,
  RedoOutlined, StrikethroughOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Button, Input, Popover, Tooltip } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSafeLink } from '../../core/links/safeLink';
import styles from './richText.module.css';

interface ToolProps { title: string; active?: boolean; disabled?: boolean; onClick(): void; icon: ReactNode; testId: string }

function Tool({ title, active, disabled, onClick, icon, testId }: ToolProps) {
  return (
    <Tooltip title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} disabled={disabled} aria-label={title} aria-pressed={active}
        data-testid={testId} onMouseDown={(event) => event.preventDefault()} onClick={onClick} />
    </Tooltip>
  );
}

export interface RichTextToolbarProps {
  editor: Editor;
  testId: string;
  /** Uploads the chosen image and inserts it. */
  onImage(file: File): void;
}

/** The editor's buttons: what a notice, a post or a mail needs, nothing a page could not show safely. */
export function RichTextToolbar({ editor, testId, onImage }: RichTextToolbarProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const chain = () => editor.chain().focus();
  const applyLink = () => {
    const trimmed = href.trim();
    if (trimmed === '') chain().extendMarkRange('link').unsetLink().run();
    else if (isSafeLink(trimmed)) chain().extendMarkRange('link').setLink({ href: trimmed, target: '_blank' }).run();
    else return;
    setLinkOpen(false);
  };
  const heading = (level: 2 | 3) => (
    <Tool title={t(`runtime.richText.heading${level}`)} active={editor.isActive('heading', { level })} testId={`${testId}-h${level}`}
      onClick={() => chain().toggleHeading({ level }).run()} icon={<span style={{ fontWeight: 600 }}>H{level}</span>} />
  );
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('runtime.richText.toolbar')}>
      <Tool title={t('runtime.richText.bold')} active={editor.isActive('bold')} testId={`${testId}-bold`} onClick={() => chain().toggleBold().run()} icon={<BoldOutlined />} />
      <Tool title={t('runtime.richText.italic')} active={editor.isActive('italic')} testId={`${testId}-italic`} onClick={() => chain().toggleItalic().run()} icon={<ItalicOutlined />} />
      <Tool title={t('runtime.richText.underline')} active={editor.isActive('underline')} testId={`${testId}-underline`} onClick={() => chain().toggleUnderline().run()} icon={<UnderlineOutlined />} />
      <Tool title={t('runtime.richText.strike')} active={editor.isActive('strike')} testId={`${testId}-strike`} onClick={() => chain().toggleStrike().run()} icon={<StrikethroughOutlined />} />
      {heading(2)}
      {heading(3)}
      <Tool title={t('runtime.richText.bulletList')} active={editor.isActive('bulletList')} testId={`${testId}-bullets`} onClick={() => chain().toggleBulletList().run()} icon={<UnorderedListOutlined />} />
      <Tool title={t('runtime.richText.orderedList')} active={editor.isActive('orderedList')} testId={`${testId}-numbers`} onClick={() => chain().toggleOrderedList().run()} icon={<OrderedListOutlined />} />
      <Tool title={t('runtime.richText.quote')} active={editor.isActive('blockquote')} testId={`${testId}-quote`} onClick={() => chain().toggleBlockquote().run()} icon={<span style={{ fontWeight: 600 }}>❝</span>} />
      <Popover
        open={linkOpen}
        onOpenChange={(open) => { setLinkOpen(open); if (open) setHref(String(editor.getAttributes('link').href ?? '')); }}
        trigger="click"
        content={(
          <Input.Search size="small" value={href} onChange={(event) => setHref(event.target.value)} placeholder="https://"
            enterButton={t('runtime.richText.linkApply')} onSearch={applyLink} status={href.trim() && !isSafeLink(href.trim()) ? 'error' : undefined}
            data-testid={`${testId}-link-input`} style={{ width: 300 }} />
        )}
      >
        <span><Tool title={t('runtime.richText.link')} active={editor.isActive('link')} testId={`${testId}-link`} onClick={() => undefined} icon={<LinkOutlined />} /></span>
      </Popover>
      <Tool title={t('runtime.richText.image')} testId={`${testId}-image`} onClick={() => fileInput.current?.click()} icon={<PictureOutlined />} />
      <input ref={fileInput} type="file" accept=".gif,.jpg,.jpeg,.png" hidden data-testid={`${testId}-image-file`}
        onChange={(event) => { const file = event.target.files?.[0]; event.target.value = ''; if (file) onImage(file); }} />
      <Tool title={t('runtime.richText.clear')} testId={`${testId}-clear`} onClick={() => chain().unsetAllMarks().clearNodes().run()} icon={<ClearOutlined />} />
      <Tool title={t('runtime.richText.undo')} disabled={!editor.can().undo()} testId={`${testId}-undo`} onClick={() => chain().undo().run()} icon={<UndoOutlined />} />
      <Tool title={t('runtime.richText.redo')} disabled={!editor.can().redo()} testId={`${testId}-redo`} onClick={() => chain().redo().run()} icon={<RedoOutlined />} />
    </div>
  );
}
