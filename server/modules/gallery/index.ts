import { callKey } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { getAlbumPhotosCall, getMyPhotoAlbumsCall, getPhotoImageCall } from './albumCalls';
import { createPhotoFileCall } from './createPhotoFileCall';
import { openFileMapItemCall } from './fileMapCalls';
import { seedGalleryDemoData } from './galleryDemoData';

/** 相册与文档地图 (schemas/gallery, base file): photo upload into albums, album reading by visibility, document-map opens. */
export const galleryModule: ServerModule = {
  name: 'gallery',
  registerCalls(table) {
    table.set(callKey('set', 'file', 'createPhotoFile'), createPhotoFileCall);
    table.set(callKey('get', 'file', 'getMyPhotoAlbums'), getMyPhotoAlbumsCall);
    table.set(callKey('get', 'file', 'getAlbumPhotos'), getAlbumPhotosCall);
    table.set(callKey('get', 'file', 'getPhotoImage'), getPhotoImageCall);
    table.set(callKey('set', 'file', 'openFileMapItem'), openFileMapItemCall);
  },
  seedDemoData: seedGalleryDemoData,
};
