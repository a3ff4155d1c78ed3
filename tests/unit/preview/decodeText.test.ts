import { describe, expect, it } from 'vitest';
import { decodeText, looksLikeText } from '../../../src/pages/preview/text/decodeText';
import { formatFileSize } from '../../../src/pages/preview/fileSize';
import { makeLegacyDoc } from '../../fixtures/preview/previewFixtures';

describe('text of plain text files', () => {
  it('decodes UTF-8 (with or without BOM), UTF-16 and GB18030', () => {
    expect(decodeText(new TextEncoder().encode('通知：明天开会'))).toMatchObject({ text: '通知：明天开会', encoding: 'utf-8', truncated: false });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('带BOM')])).text).toBe('带BOM');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x2d, 0x4e, 0x87, 0x65])).text).toBe('中文');
    // "中文" in GBK.
    expect(decodeText(new Uint8Array([0xd6, 0xd0, 0xce, 0xc4]))).toMatchObject({ text: '中文', encoding: 'gb18030' });
  });

  it('cuts long files without breaking a character', () => {
    const bytes = new TextEncoder().encode('中'.repeat(10));
    const decoded = decodeText(bytes, 7);
    expect(decoded).toMatchObject({ text: '中中', truncated: true });
  });

  it('tells text from binary office files', () => {
    expect(looksLikeText(new TextEncoder().encode('a,b,c\n1,2,3\n'))).toBe(true);
    expect(looksLikeText(makeLegacyDoc())).toBe(false);
    expect(looksLikeText(new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toBe(true);
  });

  it('formats file sizes', () => {
    expect([0, 1023, 1536, 10 * 1024 * 1024, 250 * 1024 * 1024].map(formatFileSize)).toEqual(['0 B', '1023 B', '1.5 KB', '10 MB', '250 MB']);
    expect(formatFileSize(undefined)).toBe('');
  });
});
