import { ArrowLeftOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, Image, Row, Space, Spin, Tag, Typography, Upload } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request';
import { hasPermission } from '../../session';
import { usePhotoUrl } from './usePhotoUrl';
import styles from './gallery.module.css';

interface AlbumCard { albumId: string; albumName: string; description: string | null; visibleAll: boolean; photoCount: number; cover: string | null }
interface Photo { photoId: string; image: string; caption: string | null; takenAt: string | null }
interface AlbumPhotos { albumId: string; albumName: string; description: string | null; photos: Photo[] }

function Picture({ attachId, alt, preview }: { attachId: string | null; alt: string; preview: boolean }) {
  const url = usePhotoUrl(attachId);
  if (!url) return <div className={styles.placeholder}><PictureOutlined /></div>;
  return preview ? <Image src={url} alt={alt} className={styles.photo} /> : <img src={url} alt={alt} className={styles.photo} />;
}

/**
 * 相册: the albums the user may look at (open to everyone, to one of their roles, or their own) as
 * a grid of covers; an album opens as a grid of its photos with a lightbox (antd Image.PreviewGroup).
 * Holders of the photo insert permission upload pictures straight into the album (createPhotoFile).
 */
export function AlbumsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [albums, setAlbums] = useState<AlbumCard[] | null>(null);
  const [open, setOpen] = useState<AlbumPhotos | null>(null);
  const mayUpload = hasPermission('gallery:PhotoFile:insert');

  const loadAlbums = useCallback(async () => setAlbums((await request.get<AlbumCard[]>('/get/file/getMyPhotoAlbums')).data), []);
  const openAlbum = useCallback(async (albumId: string) => setOpen((await request.get<AlbumPhotos>('/get/file/getAlbumPhotos', { albumId })).data), []);
  useEffect(() => { void loadAlbums().catch(() => setAlbums([])); }, [loadAlbums]);

  if (!albums) return <Spin />;
  if (open) {
    return (
      <Card
        title={<Space><Button icon={<ArrowLeftOutlined />} onClick={() => { setOpen(null); void loadAlbums(); }} aria-label={t('gallery.page.back')} data-testid="album-back" />{open.albumName}</Space>}
        extra={mayUpload && (
          <Upload
            accept=".jpg,.jpeg,.png,.gif"
            multiple
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) => {
              request.upload('/set/file/createPhotoFile', file as Blob, { albumId: open.albumId }).then(
                (answer) => { onSuccess?.(answer); message.success(t('gallery.page.uploaded', { name: (file as File).name })); void openAlbum(open.albumId); },
                (error: Error) => onError?.(error),
              );
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} data-testid="album-upload">{t('gallery.page.upload')}</Button>
          </Upload>
        )}
        data-testid="album-photos"
      >
        {open.description && <Typography.Paragraph type="secondary">{open.description}</Typography.Paragraph>}
        {open.photos.length === 0 ? <Empty description={t('gallery.page.noPhotos')} /> : (
          <Image.PreviewGroup>
            <Row gutter={[16, 16]}>
              {open.photos.map((photo) => (
                <Col key={photo.photoId} xs={12} sm={8} md={6} xl={4}>
                  <div className={styles.tile} data-testid={`photo-${photo.photoId}`}>
                    <Picture attachId={photo.image} alt={photo.caption ?? ''} preview />
                    <Typography.Text ellipsis className={styles.caption}>{photo.caption}</Typography.Text>
                    {photo.takenAt && <Typography.Text type="secondary" className={styles.caption}>{photo.takenAt.slice(0, 10)}</Typography.Text>}
                  </div>
                </Col>
              ))}
            </Row>
          </Image.PreviewGroup>
        )}
      </Card>
    );
  }
  return (
    <Card title={t('menu.galleryAlbums')} data-testid="album-grid">
      {albums.length === 0 ? <Empty description={t('gallery.page.empty')} /> : (
        <Row gutter={[16, 16]}>
          {albums.map((album) => (
            <Col key={album.albumId} xs={24} sm={12} md={8} xl={6}>
              <Card hoverable cover={<Picture attachId={album.cover} alt={album.albumName} preview={false} />}
                onClick={() => void openAlbum(album.albumId)} data-testid={`album-${album.albumId}`}>
                <Card.Meta
                  title={album.albumName}
                  description={(
                    <Space size={4} wrap>
                      <span>{t('gallery.page.photos', { count: album.photoCount })}</span>
                      {!album.visibleAll && <Tag color="orange">{t('gallery.page.restricted')}</Tag>}
                    </Space>
                  )}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
