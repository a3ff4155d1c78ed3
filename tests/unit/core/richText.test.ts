import { describe, expect, it } from 'vitest';
import { attachIdsInHtml, htmlToPlainText, looksLikeHtml } from '../../../runtime/core/richText';

describe('rich text readings', () => {
  it('tells HTML from text written before the field held HTML', () => {
    expect(looksLikeHtml('<p>会议</p>')).toBe(true);
    expect(looksLikeHtml('第一行\n第二行 a < b')).toBe(false);
  });

  it('reads the text a person sees', () => {
    expect(htmlToPlainText('<h2>议题</h2><p>一、<strong>预算</strong>&amp;计划</p><ul><li>甲</li><li>乙</li></ul>')).toBe('议题 一、预算&计划 甲 乙');
    expect(htmlToPlainText('<p>&#x4F60;&#22909; &lt;b&gt; &unknown;</p>')).toBe('你好 <b> &unknown;');
    expect(htmlToPlainText('plain < text')).toBe('plain < text');
  });

  it('finds the attachments shown as images, once each, and nothing from look-alikes', () => {
    const html = '<p><img data-attach-id="a1"><img src="x" data-attach-id=\'b_2\'></p><img data-attach-id="a1"><p>data-attach-id="c3"</p><img data-attach-id="bad id">';
    expect(attachIdsInHtml(html)).toEqual(['a1', 'b_2']);
  });
});
