import { describe, expect, it } from 'vitest';
import { isInAppPath, isSafeLink, isWebUrl, safeHref } from '../../../runtime/core/links';
import { validateRecord } from '../../../runtime/core/validation';
import type { EntityDef } from '../../../runtime/core/schema/types';

describe('safe links', () => {
  it('takes in-app paths and absolute web addresses as typed', () => {
    for (const link of ['/', '/hr/contract', '/hr/contract?type=1#top', '/app/hr/contract/details?contractId=7']) {
      expect(isInAppPath(link), link).toBe(true);
      expect(safeHref(link)).toBe(link);
    }
    for (const link of ['http://intranet.example', 'https://www.example.cn/a?b=1', 'HTTPS://WWW.EXAMPLE.CN']) {
      expect(isWebUrl(link), link).toBe(true);
      expect(safeHref(link)).toBe(link);
    }
  });

  it('refuses scripts, other schemes, other hosts by protocol-relative tricks, and hidden characters', () => {
    for (const link of [
      'javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)',
      '\u0001javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', '//evil.example', '/\\evil.example',
      '\\\\evil.example', 'https:evil.example', 'https://', 'http:///x', 'hr/contract', '', ' /hr', '/hr ', '/h\u00a0r',
    ]) {
      expect(isSafeLink(link), JSON.stringify(link)).toBe(false);
      expect(safeHref(link)).toBeUndefined();
    }
    expect(safeHref(undefined)).toBeUndefined();
    expect(safeHref(42)).toBeUndefined();
  });

  it('is the validation format `link`, so form and server refuse the same values', () => {
    const entity = {
      name: 'Links', table: 'links', key: 'id', title: 'x', permissions: {}, calls: [],
      fields: [{ name: 'path', type: 'string', label: 'path', format: 'link' }],
      form: { layout: [{ kind: 'field', field: 'path' }] },
    } as unknown as EntityDef;
    expect(validateRecord(entity, { path: '/office/out' }, { mode: 'insert' })).toEqual([]);
    expect(validateRecord(entity, { path: '' }, { mode: 'insert' })).toEqual([]);
    expect(validateRecord(entity, { path: 'javascript:alert(1)' }, { mode: 'insert' }))
      .toEqual([{ field: 'path', reason: 'pattern', message: 'validation.link' }]);
  });
});
