// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_GROUPS } from '../../../runtime/core/constants';
import { previewPath, previewRouteKind } from '../../../runtime/core/office';
import { openPreview, previewUrl } from '../../../src/pages/preview/openPreview';
import { isLegacyOfficeFormat, rendererFor } from '../../../src/pages/preview/previewKinds';
import { previewRoutes } from '../../../src/router/areas/previewRoutes';

describe('preview route by extension', () => {
  it('maps every extension group of spec §9 to its PC route', () => {
    for (const ext of EXTENSION_GROUPS.documents) expect(previewRouteKind(ext)).toBe('word');
    for (const ext of EXTENSION_GROUPS.spreadsheets) expect(previewRouteKind(ext)).toBe('excel');
    for (const ext of EXTENSION_GROUPS.presentations) expect(previewRouteKind(ext)).toBe('ppt');
    for (const ext of EXTENSION_GROUPS.images) expect(previewRouteKind(ext)).toBe('');
    for (const ext of [...EXTENSION_GROUPS.video, ...EXTENSION_GROUPS.audio, 'zip', '']) expect(previewRouteKind(ext)).toBe('');
    expect(previewRouteKind('pdf')).toBe('pdf');
    expect(previewRouteKind('.OFD')).toBe('ofd');
  });

  it('uses the mobile routes (image has its own, PDF the dispatching base)', () => {
    expect(previewRouteKind('docx', true)).toBe('word');
    expect(previewRouteKind('jpg', true)).toBe('image');
    expect(previewRouteKind('pdf', true)).toBe('');
    expect(previewRouteKind('ofd', true)).toBe('ofd');
    expect(previewPath({ attachId: 'x', extName: 'png' }, { mobile: true })).toBe('/app/file/preview/image?attachId=x&extName=png&ddtab=true');
    expect(previewPath({ attachId: 'x', extName: 'pdf' }, { mobile: true })).toBe('/app/file/preview?attachId=x&extName=pdf&ddtab=true');
  });

  it('builds the query with attachId, extName and ddtab=true (encoded)', () => {
    expect(previewPath({ attachId: 'a b&c', extName: '.DOCX' })).toBe('/file/preview/word?attachId=a+b%26c&extName=docx&ddtab=true');
    expect(previewUrl('7', 'xlsx', { mobile: false, openModeType: 3 })).toBe('/file/preview/excel?attachId=7&extName=xlsx&ddtab=true&openModeType=3');
  });

  it('chooses a renderer by format, and no renderer for the legacy binary formats', () => {
    expect(['pdf', 'ofd', 'docx', 'xlsx', 'pptx', 'png', 'jpeg', 'mp4', 'txt'].map(rendererFor)).toEqual(['pdf', 'ofd', 'word', 'excel', 'ppt', 'image', 'image', 'media', 'text']);
    for (const ext of ['doc', 'dot', 'wps', 'wpt', 'xls', 'et', 'ett', 'xlt', 'ppt', 'dps', 'dpt', 'pot', 'pps']) {
      expect(rendererFor(ext)).toBe('unsupported');
      expect(isLegacyOfficeFormat(ext)).toBe(true);
    }
    expect(isLegacyOfficeFormat('docx')).toBe(false);
    expect(isLegacyOfficeFormat('zip')).toBe(false);
  });

  it('registers every preview path of the spec as a standalone route', () => {
    const paths = (previewRoutes().standalone ?? []).map((r) => r.path);
    expect(paths).toEqual([
      '/file/preview', '/file/preview/pdf', '/file/preview/excel', '/file/preview/word', '/file/preview/ppt', '/file/preview/ofd',
      '/app/file/preview', '/app/file/preview/word', '/app/file/preview/excel', '/app/file/preview/ppt', '/app/file/preview/ofd', '/app/file/preview/image',
    ]);
    expect(previewRoutes().layout).toBeUndefined();
    expect(previewRoutes().public).toBeUndefined();
  });
});

describe('openPreview', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('opens the route in a new tab without giving it the opener', () => {
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    openPreview('42', 'pptx');
    expect(open).toHaveBeenCalledWith('/file/preview/ppt?attachId=42&extName=pptx&ddtab=true', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('goes there in the same tab when new tabs are refused', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/app', assign } as Location);
    openPreview('42', 'jpg');
    expect(assign).toHaveBeenCalledWith('/app/file/preview/image?attachId=42&extName=jpg&ddtab=true');
  });
});
