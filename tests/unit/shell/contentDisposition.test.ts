import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from '../../../src/request/contentDisposition';

describe('filenameFromContentDisposition', () => {
  it('decodes the RFC 8187 form', () => {
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''%E5%8A%B3%E5%8A%A8%E5%90%88%E5%90%8C.xlsx"))
      .toBe('劳动合同.xlsx');
  });

  it('prefers filename* over filename, whichever comes first', () => {
    expect(filenameFromContentDisposition("attachment; filename=\"fallback.xlsx\"; filename*=utf-8''%E5%90%88%E5%90%8C.xlsx"))
      .toBe('合同.xlsx');
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8'zh-CN'%E5%90%88%E5%90%8C.pdf; filename=x.pdf"))
      .toBe('合同.pdf');
  });

  it('reads a quoted filename with escaped quotes and semicolons', () => {
    expect(filenameFromContentDisposition('attachment; filename="a \\"b\\"; c.docx"')).toBe('a "b"; c.docx');
  });

  it('reads an unquoted filename', () => {
    expect(filenameFromContentDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
  });

  it('decodes a percent-encoded plain filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="%E6%8A%A5%E8%A1%A8.xlsx"')).toBe('报表.xlsx');
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''%E5%ZZ; filename=plain.txt")).toBe('plain.txt');
  });

  it('decodes ISO-8859-1 extended values', () => {
    expect(filenameFromContentDisposition("attachment; filename*=iso-8859-1'en'%A3%20rates.txt")).toBe('£ rates.txt');
  });

  it('never returns a path', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''..%5C..%5Cboot.ini")).toBe('boot.ini');
  });

  it('returns null when there is no file name', () => {
    expect(filenameFromContentDisposition(undefined)).toBeNull();
    expect(filenameFromContentDisposition('')).toBeNull();
    expect(filenameFromContentDisposition('inline')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});
