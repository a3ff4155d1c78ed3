import { ReadOutlined } from '@ant-design/icons';
import { useAttachmentUrl } from './useAttachmentUrl';
import styles from './info.module.css';

/** A news item's cover picture, or a quiet placeholder when it has none. */
export function NewsCover({ attachId, alt, height = 150 }: { attachId?: string | null; alt: string; height?: number }) {
  const url = useAttachmentUrl(attachId);
  return url
    ? <img src={url} alt={alt} className={styles.cover} style={{ height }} />
    // Inline display: the card's cover slot makes its children blocks, which would pin the icon to a corner.
    : <div className={styles.coverPlaceholder} style={{ height, display: 'flex' }}><ReadOutlined /></div>;
}
