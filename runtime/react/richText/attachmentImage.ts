import Image from '@tiptap/extension-image';

/**
 * The editor's image node with the attachment it shows (`data-attach-id`): that, not the
 * temporary blob: address in `src`, is what the server keeps (server/entity/sanitiseHtml.ts).
 */
export const AttachmentImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      attachId: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-attach-id'),
        renderHTML: (attributes: { attachId?: string | null }) => (attributes.attachId ? { 'data-attach-id': attributes.attachId } : {}),
      },
    };
  },
});
