import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OFFICE_VIEWER_CONFIG, OFFICE_VIEWER_PATHS, normaliseAttachHost, officeViewerLink, parseOfficeViewerConfig, parseOpenModeType,
  type OfficeViewerConfig,
} from '../../../runtime/core/office';
import { readOfficeViewerConfig } from '../../../server/config';

const HOST = 'https://office.example.cn:8443/attach';
const office: OfficeViewerConfig = { attachHost: HOST, officeType: 'office', ofdType: 'viewer', openOnLineFlag: true };
const file = (extName: string, openModeType: 1 | 3 | 4 | 5 = 1) => ({ attachId: 'a1', extName, openModeType, fileName: '通知 1.docx' });

function query(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://app.local').searchParams);
}

describe('office viewer links', () => {
  it('open the built-in previews when no attachment host is configured', () => {
    expect(officeViewerLink(DEFAULT_OFFICE_VIEWER_CONFIG, file('docx'))).toEqual({
      url: '/file/preview/word?attachId=a1&extName=docx&ddtab=true', page: 'preview', external: false, openModeType: 1, degraded: false,
    });
    expect(officeViewerLink(DEFAULT_OFFICE_VIEWER_CONFIG, file('xlsx')).url).toBe('/file/preview/excel?attachId=a1&extName=xlsx&ddtab=true');
    expect(officeViewerLink(DEFAULT_OFFICE_VIEWER_CONFIG, file('pptx')).url).toBe('/file/preview/ppt?attachId=a1&extName=pptx&ddtab=true');
    expect(officeViewerLink(DEFAULT_OFFICE_VIEWER_CONFIG, file('PDF')).url).toBe('/file/preview/pdf?attachId=a1&extName=pdf&ddtab=true');
    expect(officeViewerLink(DEFAULT_OFFICE_VIEWER_CONFIG, file('ofd')).url).toBe('/file/preview/ofd?attachId=a1&extName=ofd&ddtab=true');
    expect(officeViewerLink(DEFAULT_OFFICE_VIEWER_CONFIG, file('png')).url).toBe('/file/preview?attachId=a1&extName=png&ddtab=true');
  });

  it('print (3) opens the built-in preview ready to print; edit (4) and red-header (5) degrade to read', () => {
    expect(officeViewerLink(DEFAULT_OFFICE_VIEWER_CONFIG, file('pdf', 3))).toMatchObject({
      url: '/file/preview/pdf?attachId=a1&extName=pdf&ddtab=true&openModeType=3', openModeType: 3, degraded: false,
    });
    expect(officeViewerLink(DEFAULT_OFFICE_VIEWER_CONFIG, file('docx', 4))).toMatchObject({ openModeType: 1, degraded: true, external: false });
    expect(officeViewerLink(DEFAULT_OFFICE_VIEWER_CONFIG, file('docx', 5))).toMatchObject({ openModeType: 1, degraded: true, external: false });
  });

  it('open the office pages on the attachment host for each kind and mode', () => {
    const word = officeViewerLink(office, file('docx'));
    expect(word).toMatchObject({ page: 'word', external: true, openModeType: 1, degraded: false });
    expect(word.url.startsWith(`${HOST}${OFFICE_VIEWER_PATHS.office.word}?`)).toBe(true);
    expect(query(word.url)).toEqual({ attachId: 'a1', extName: 'docx', openModeType: '1', fileName: '通知 1.docx' });
    expect(officeViewerLink(office, file('xls', 4))).toMatchObject({ page: 'excel', openModeType: 4, url: expect.stringContaining('/office/openExcel?') });
    expect(officeViewerLink(office, file('dps', 3))).toMatchObject({ page: 'ppt', openModeType: 3, url: expect.stringContaining('/office/openPpt?') });
    expect(officeViewerLink(office, file('pdf', 3))).toMatchObject({ page: 'pdf', url: expect.stringContaining('/office/openPdf?') });
    expect(officeViewerLink(office, file('wps', 5))).toMatchObject({ page: 'redhead', openModeType: 5, url: expect.stringContaining('/office/openRedHeadWord?') });
  });

  it('use the WPS variants, the web office index and the two OFD viewers', () => {
    const wps = { ...office, officeType: 'wps' as const };
    expect(officeViewerLink(wps, file('doc')).url).toContain('/office/openWpsWord?');
    expect(officeViewerLink(wps, file('et')).url).toContain('/office/openWpsExcel?');
    expect(officeViewerLink(wps, file('pptx')).url).toContain('/office/openWpsPpt?');
    expect(officeViewerLink(wps, file('pdf')).url).toContain('/office/openWpsPdf?');
    expect(officeViewerLink(wps, file('docx', 5)).url).toContain('/office/openWpsRedHeadWord?');
    const web = { ...office, officeType: 'weboffice' as const };
    expect(officeViewerLink(web, file('xlsx', 4))).toMatchObject({ page: 'weboffice', url: expect.stringContaining('/weboffice/index?') });
    expect(query(officeViewerLink(web, file('xlsx', 4)).url).openModeType).toBe('4');
    expect(officeViewerLink(office, file('ofd'))).toMatchObject({ page: 'ofdViewer', url: expect.stringContaining(`${HOST}/ofd/viewer?`) });
    expect(officeViewerLink({ ...office, ofdType: 'reader' }, file('ofd'))).toMatchObject({ page: 'ofdReader', url: expect.stringContaining('/ofd/reader?') });
    expect(officeViewerLink({ ...office, ofdType: 'builtin' }, file('ofd'))).toMatchObject({ external: false, url: '/file/preview/ofd?attachId=a1&extName=ofd&ddtab=true' });
  });

  it('keep modes a file cannot have from reaching the viewers', () => {
    expect(officeViewerLink(office, file('xlsx', 5))).toMatchObject({ page: 'excel', openModeType: 1, degraded: true });
    expect(officeViewerLink(office, file('pdf', 4))).toMatchObject({ page: 'pdf', openModeType: 1, degraded: true });
    expect(officeViewerLink(office, file('ofd', 5))).toMatchObject({ page: 'ofdViewer', openModeType: 1, degraded: true });
    expect(officeViewerLink(office, file('png', 4))).toMatchObject({ external: false, openModeType: 1, degraded: true, url: '/file/preview?attachId=a1&extName=png&ddtab=true' });
    expect(officeViewerLink(office, { attachId: 'a1', extName: 'docx', openModeType: 2 as never })).toMatchObject({ openModeType: 1 });
  });

  it('with openOnLineFlag off read and print stay built in, edit and red-header still use the host', () => {
    const offline = { ...office, openOnLineFlag: false };
    expect(officeViewerLink(offline, file('docx'))).toMatchObject({ external: false, url: '/file/preview/word?attachId=a1&extName=docx&ddtab=true' });
    expect(officeViewerLink(offline, file('docx', 3))).toMatchObject({ external: false, openModeType: 3 });
    expect(officeViewerLink(offline, file('docx', 4))).toMatchObject({ external: true, page: 'word', openModeType: 4 });
    expect(officeViewerLink(offline, file('docx', 5))).toMatchObject({ external: true, page: 'redhead' });
  });

  it('never builds a link to a host that is not an absolute http(s) URL', () => {
    expect(normaliseAttachHost('https://office.example.cn/attach///')).toBe('https://office.example.cn/attach');
    expect(normaliseAttachHost(' http://10.0.0.8:8090 ')).toBe('http://10.0.0.8:8090');
    for (const bad of ['javascript:alert(1)', '//evil.example', 'office.example.cn', 'https://x.example/?a=1', 'https://u:p@x.example', '']) {
      expect(normaliseAttachHost(bad)).toBe('');
    }
    expect(officeViewerLink({ ...office, attachHost: 'javascript:alert(1)' }, file('docx')).external).toBe(false);
  });

  it('read configuration from loose values and openModeType from a query', () => {
    expect(parseOfficeViewerConfig({ attachHost: HOST, officeType: 'WPS', ofdType: 'reader', openOnLineFlag: '0' }))
      .toEqual({ attachHost: HOST, officeType: 'wps', ofdType: 'reader', openOnLineFlag: false });
    expect(parseOfficeViewerConfig(null)).toEqual(DEFAULT_OFFICE_VIEWER_CONFIG);
    expect(parseOfficeViewerConfig({ officeType: 'other', openOnLineFlag: 1 })).toMatchObject({ officeType: 'builtin', openOnLineFlag: true });
    expect(parseOpenModeType('3')).toBe(3);
    expect(parseOpenModeType('2')).toBe(1);
    expect(parseOpenModeType(null)).toBe(1);
  });

  it('come from the server environment, refusing wrong values by name', () => {
    expect(readOfficeViewerConfig({})).toEqual(DEFAULT_OFFICE_VIEWER_CONFIG);
    expect(readOfficeViewerConfig({ ATTACH_HOST: `${HOST}/`, OFFICE_TYPE: 'weboffice', OFD_TYPE: 'viewer', OPEN_ON_LINE_FLAG: '0' }))
      .toEqual({ attachHost: HOST, officeType: 'weboffice', ofdType: 'viewer', openOnLineFlag: false });
    expect(() => readOfficeViewerConfig({ OFFICE_TYPE: 'ntko' })).toThrow(/OFFICE_TYPE must be one of builtin, office, wps, weboffice/);
    expect(() => readOfficeViewerConfig({ OFD_TYPE: '3' })).toThrow(/OFD_TYPE/);
    expect(() => readOfficeViewerConfig({ ATTACH_HOST: 'office.local' })).toThrow(/ATTACH_HOST/);
    expect(() => readOfficeViewerConfig({ OPEN_ON_LINE_FLAG: 'yes' })).toThrow(/OPEN_ON_LINE_FLAG/);
  });
});
