import { describe, expect, it } from 'vitest';
import { attachmentActions, isPcUserAgent, mayUpload } from '../../../runtime/react/attachments/attachmentActions';

const pc = (roleFlag: number, extName = 'pdf') => attachmentActions({ roleFlag, extName, isPc: true });

describe('attachment menu by roleFlag', () => {
  it('3 (details, read-only): preview and download, no delete', () => {
    expect(pc(3)).toEqual(['preview', 'download']);
    expect(pc(3, 'docx')).toEqual(['preview', 'download']);
  });

  it('4 (forms): also delete', () => {
    expect(pc(4)).toEqual(['preview', 'download', 'delete']);
    expect(pc(4, 'doc')).toEqual(['preview', 'download', 'delete']);
  });

  it('5 on a PC adds the red-header option for word types only', () => {
    for (const ext of ['doc', 'docx', 'dot', 'wps', 'wpt', 'DOCX']) {
      expect(pc(5, ext)).toEqual(['preview', 'download', 'delete', 'redHeader']);
    }
    for (const ext of ['pdf', 'xlsx', 'pptx', 'png', 'ofd']) {
      expect(pc(5, ext)).toEqual(['preview', 'download', 'delete']);
    }
  });

  it('5 on a phone has no red-header option', () => {
    expect(attachmentActions({ roleFlag: 5, extName: 'docx', isPc: false })).toEqual(['preview', 'download', 'delete']);
  });

  it('below 3 (not described by the spec): 2 previews only, 1 and less show names only', () => {
    expect(pc(2)).toEqual(['preview']);
    expect(pc(1)).toEqual([]);
    expect(pc(0)).toEqual([]);
    expect(pc(Number.NaN)).toEqual([]);
  });

  it('uploads from 4 on', () => {
    expect([3, 4, 5].map(mayUpload)).toEqual([false, true, true]);
  });

  it('tells a PC from phones and chat-app browsers', () => {
    expect(isPcUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe(true);
    expect(isPcUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(false);
    expect(isPcUserAgent('Mozilla/5.0 (Linux; Android 14) Mobile Safari DingTalk/7.0')).toBe(false);
    expect(isPcUserAgent('Mozilla/5.0 (Windows NT 10.0) wxwork/4.1 MicroMessenger/7.0')).toBe(false);
  });
});
