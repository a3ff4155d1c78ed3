import { extensionGroupOf } from '../../../runtime/core/constants';
import { normaliseExtName, type PreviewRouteKind } from '../../../runtime/core/office';

/** What draws a file in the browser. 'unsupported' shows the explanation, file facts and download. */
export type RendererKind = 'pdf' | 'word' | 'excel' | 'ppt' | 'ofd' | 'image' | 'media' | 'text' | 'unsupported';

/** Office Open XML and OFD formats read by the renderers; the legacy binary ones are not. */
const BY_EXTENSION: Record<string, RendererKind> = {
  pdf: 'pdf',
  ofd: 'ofd',
  docx: 'word', docm: 'word', dotx: 'word', dotm: 'word',
  xlsx: 'excel', xlsm: 'excel', xltx: 'excel', xltm: 'excel',
  pptx: 'ppt', pptm: 'ppt', ppsx: 'ppt', potx: 'ppt',
  png: 'image', jpg: 'image', jpeg: 'image', gif: 'image', bmp: 'image', webp: 'image', svg: 'image', tif: 'image', tiff: 'image',
  mp4: 'media', webm: 'media', mov: 'media', mp3: 'media', wav: 'media', ogg: 'media', m4a: 'media',
  txt: 'text', csv: 'text', log: 'text', md: 'text', json: 'text', xml: 'text', ini: 'text', yml: 'text', yaml: 'text',
};

/**
 * The renderer for a file, from its extension: the format decides, not the route, so a link such
 * as `/file/preview/word?extName=xlsx` still shows the sheet. Legacy binary office formats
 * (.doc .xls .ppt .wps .et .dps …) and unknown extensions get 'unsupported'.
 */
export function rendererFor(extName: string): RendererKind {
  return BY_EXTENSION[normaliseExtName(extName)] ?? 'unsupported';
}

/** True for the legacy binary office formats of the upload groups (no in-browser reader for them). */
export function isLegacyOfficeFormat(extName: string): boolean {
  const ext = normaliseExtName(extName);
  const group = extensionGroupOf(ext);
  return (group === 'documents' || group === 'spreadsheets' || group === 'presentations') && rendererFor(ext) === 'unsupported';
}

/** The renderer a route stands for, used when a link carries no extension at all. */
export function rendererForRoute(kind: PreviewRouteKind): RendererKind {
  return kind === '' ? 'unsupported' : kind;
}
