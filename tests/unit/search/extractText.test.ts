import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../../server/context';
import { docxOf, xlsxOf } from '../../../server/modules/knowledge/demoFiles';
import { attachmentText } from '../../../server/search/extractText';
import { FIXTURE_TEXT, makePdf } from '../../fixtures/preview/previewFixtures';

/**
 * The text the full-text index takes from stored files (server/search/extractText.ts), offline:
 * a PDF whose Chinese line uses a predefined CMap and a font it does not embed (pdf.js reads it
 * only with its bundled CMaps), Word and Excel files, and files that give no text.
 */
describe('attachment text for the search index', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-extract-'));
  const ctx = { config: { dataDir } } as unknown as ServerContext;
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const textOf = async (name: string, content: Buffer) => {
    fs.writeFileSync(path.join(dataDir, name), content);
    return attachmentText(ctx, { storedPath: name, extName: name.split('.').pop(), fileSize: content.length });
  };

  it('reads both pages of a PDF, the Chinese line in STSong-Light / UniGB-UCS2-H included', async () => {
    const text = await textOf('fixture.pdf', makePdf());
    expect(text).toContain(FIXTURE_TEXT.pdf);
    expect(text).toContain(FIXTURE_TEXT.pdfChinese);
    expect(text).toContain(FIXTURE_TEXT.pdfPage2);
  });

  it('reads Word paragraphs and Excel cells with the sheet name', async () => {
    expect(await textOf('rules.docx', await docxOf(['第一条 为规范差旅报销，制定本办法。', '第二条 适用于全体员工。']))).toBe('第一条 为规范差旅报销，制定本办法。 第二条 适用于全体员工。');
    const sheet = await textOf('rates.xlsx', await xlsxOf('住宿标准', [['城市', '标准'], ['省会城市', 450]]));
    expect(sheet).toContain('住宿标准');
    expect(sheet).toContain('省会城市 450');
  });

  it('gives no text for a broken file, another type, or a missing file — never an error', async () => {
    expect(await textOf('broken.pdf', Buffer.from('%PDF-1.4 not really'))).toBe('');
    expect(await textOf('broken.docx', Buffer.from('PK not a zip'))).toBe('');
    expect(await textOf('picture.png', Buffer.from('文字'))).toBe('');
    expect(await attachmentText(ctx, { storedPath: 'gone.pdf', extName: 'pdf', fileSize: 10 })).toBe('');
  });
});
