// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isSafeHref, neutraliseLinks } from '../../../src/pages/preview/word/safeLinks';

describe('links of previewed documents', () => {
  it('keep web, mail and anchor targets only', () => {
    expect(['https://a.cn', 'HTTP://a.cn', 'mailto:x@a.cn', '#_Toc1', ''].map(isSafeHref)).toEqual([true, true, true, true, true]);
    expect(['javascript:alert(1)', ' JavaScript:x', 'data:text/html,x', 'file:///etc/passwd', 'vbscript:x'].map(isSafeHref)).toEqual([false, false, false, false, false]);
  });

  it('lose dangerous targets and open outside ones in a new tab without opener', () => {
    document.body.innerHTML = '<a href="javascript:alert(1)">x</a><a href="https://a.cn">y</a><a href="#b">z</a>';
    neutraliseLinks(document.body);
    const [bad, web, anchor] = Array.from(document.querySelectorAll('a'));
    expect(bad.hasAttribute('href')).toBe(false);
    expect([web.getAttribute('target'), web.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    expect(anchor.getAttribute('target')).toBeNull();
  });
});
