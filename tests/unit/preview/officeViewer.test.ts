// @vitest-environment jsdom
import type { AxiosAdapter } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from '../../../src/request/httpClient';
import { loadOfficeViewerConfig, officeViewerLinkFor, openOfficeViewer } from '../../../src/pages/preview/officeViewer';

let calls = 0;
const adapter: AxiosAdapter = async (config) => {
  if (config.url === '/get/file/getOfficeViewerConfig') {
    calls += 1;
    return {
      status: 200, statusText: 'OK', headers: {}, config, request: {},
      data: { code: 200, message: '', data: { attachHost: 'https://office.example.cn', officeType: 'office', ofdType: 'viewer', openOnLineFlag: true } },
    };
  }
  // Other calls of the request layer (its own configuration) answer an empty success.
  return { status: 200, statusText: 'OK', headers: {}, config, request: {}, data: { code: 200, message: '', data: null } };
};

describe('office viewer links in the browser', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('fetch the configuration once and build links from it', async () => {
    httpClient.defaults.adapter = adapter;
    const config = await loadOfficeViewerConfig();
    await loadOfficeViewerConfig();
    expect(calls).toBe(1);
    expect(config.officeType).toBe('office');
    const link = await officeViewerLinkFor({ attachId: '9', extName: 'docx', name: '红头.docx' }, 5);
    expect(link).toMatchObject({ external: true, page: 'redhead', openModeType: 5 });
    expect(link.url).toBe('https://office.example.cn/office/openRedHeadWord?attachId=9&extName=docx&openModeType=5&fileName=%E7%BA%A2%E5%A4%B4.docx');
  });

  it('open the link in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    const link = await openOfficeViewer({ attachId: '9', extName: 'ofd' }, 1);
    expect(open).toHaveBeenCalledWith('https://office.example.cn/ofd/viewer?attachId=9&extName=ofd&openModeType=1', '_blank');
    expect(link.page).toBe('ofdViewer');
  });
});
