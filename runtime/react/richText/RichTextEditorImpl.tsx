import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../data/requestFailure';
import { FILE_DOWNLOAD_PATH, uploadAttachment } from '../attachments/attachmentCalls';
import { checkUpload } from '../attachments/uploadRules';
import { useFeedback } from '../feedback/useFeedback';
import { useRuntime } from '../useRuntime';
import { AttachmentImage } from './attachmentImage';
import { editorContentOf } from './plainTextToHtml';
import styles from './richText.module.css';
import { RichTextToolbar } from './RichTextToolbar';

export interface RichTextEditorProps {
  value?: unknown;
  onChange?(value: string | null): void;
  disabled?: boolean;
  'data-testid'?: string;
}

/** Transactions that only show stored images (blob: addresses) change nothing the user wrote. */
const SHOWING_IMAGES = 'richTextShowingImages';

/**
 * Stored images carry their attachment id and no address: fetch each through the request layer
 * and show it from a blob: URL, in a transaction the form does not hear.
 */
function showStoredImages(editor: Editor, fetchImage: (attachId: string) => Promise<string | null>): void {
  editor.state.doc.descendants((node) => {
    const attachId = node.type.name === 'image' ? node.attrs.attachId : null;
    if (!attachId || node.attrs.src) return;
    void fetchImage(String(attachId)).then((url) => {
      if (!url || editor.isDestroyed) return;
      const { tr } = editor.state;
      editor.state.doc.descendants((candidate, position) => {
        if (candidate.type.name === 'image' && candidate.attrs.attachId === attachId && !candidate.attrs.src) {
          tr.setNodeMarkup(position, undefined, { ...candidate.attrs, src: url });
        }
      });
      editor.view.dispatch(tr.setMeta(SHOWING_IMAGES, true).setMeta('addToHistory', false));
    });
  });
}

/** The rich-text control of `richText` fields (TipTap): its value is HTML, cleaned again by the server. */
export function RichTextEditorImpl({ value, onChange, disabled, 'data-testid': testId = 'rich-text' }: RichTextEditorProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { message } = useFeedback();
  // What this editor last reported: a value arriving from outside (a loaded record, a reset) differs from it.
  const emitted = useRef<string | null>(null);
  const objectUrls = useRef<string[]>([]);
  const fetchImage = async (attachId: string) => {
    try {
      const url = URL.createObjectURL(await request.blob(FILE_DOWNLOAD_PATH, { attachId }));
      objectUrls.current.push(url);
      return url;
    } catch {
      return null;
    }
  };

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } }), AttachmentImage],
    content: editorContentOf(value),
    editable: !disabled,
    onCreate: ({ editor: created }) => showStoredImages(created, fetchImage),
    onUpdate: ({ editor: changed, transaction }) => {
      if (transaction.getMeta(SHOWING_IMAGES)) return;
      const html = changed.isEmpty ? null : changed.getHTML();
      emitted.current = html;
      onChange?.(html);
    },
  });

  useEffect(() => {
    if (!editor) return;
    const next = typeof value === 'string' && value !== '' ? value : null;
    if (next === emitted.current) return;
    emitted.current = next;
    editor.commands.setContent(editorContentOf(next), { emitUpdate: false });
    showStoredImages(editor, fetchImage);
  }, [editor, value]);

  useEffect(() => { editor?.setEditable(!disabled); }, [editor, disabled]);
  useEffect(() => () => { for (const url of objectUrls.current) URL.revokeObjectURL(url); }, []);

  const insertImage = async (file: File) => {
    const refusal = checkUpload(file, 'image');
    if (refusal) {
      message.error(refusal.reason === 'tooLarge' ? t('runtime.upload.tooLarge', { limit: refusal.limitMb }) : t('runtime.upload.notImage'));
      return;
    }
    try {
      const uploaded = await uploadAttachment(request, file);
      const url = URL.createObjectURL(file);
      objectUrls.current.push(url);
      editor?.chain().focus().setImage({ src: url, alt: file.name }).updateAttributes('image', { attachId: uploaded.attachId }).run();
    } catch (error) {
      message.error(failureMessage(error, t('runtime.richText.imageFailed')));
    }
  };

  if (!editor) return null;
  return (
    <div className={`${styles.editor} ${disabled ? styles.disabled : ''}`} data-testid={testId}>
      {!disabled && <RichTextToolbar editor={editor} testId={testId} onImage={(file) => { void insertImage(file); }} />}
      <EditorContent editor={editor} className={`rich-text ${styles.content}`} data-testid={`${testId}-content`} />
    </div>
  );
}
