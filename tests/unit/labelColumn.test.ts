import { describe, expect, it } from 'vitest';
import { detailsLabelColumnWidth, formLabelColumnWidth, LABEL_COLUMN_MAX, LABEL_COLUMN_MIN } from '../../runtime/react/form/labelColumn';

/** 14 px per character: enough to reason about the arithmetic. */
const measure = (text: string) => [...text].length * 14;
/** Asterisk and colon (14 each), their margins 4 + 2, the 12 px padding and 2 px slack. */
const CHROME = 14 + 4 + 14 + 2 + 12 + 2;

describe('label columns', () => {
  it('gives a form the longest label\'s width with its asterisk and colon, so no label wraps', () => {
    expect(formLabelColumnWidth(['合同编号', '合同金额（元/月）'], measure)).toBe(9 * 14 + CHROME);
    // Latin text at 7 px a character: 18 characters, asterisk and colon 7 each.
    expect(formLabelColumnWidth(['Amount (CNY/month)', 'Start date'], (text) => text.length * 7)).toBe(18 * 7 + 7 + 4 + 7 + 2 + 12 + 2);
  });

  it('keeps short labels at the minimum, or the schema\'s labelWidth when wider', () => {
    expect(formLabelColumnWidth(['名称'], measure)).toBe(LABEL_COLUMN_MIN);
    expect(formLabelColumnWidth([], measure)).toBe(LABEL_COLUMN_MIN);
    expect(formLabelColumnWidth(['名称'], measure, 140)).toBe(140);
  });

  it('stops at the maximum, unless the schema asks for more', () => {
    const long = ['一个非常非常非常非常非常非常长的字段标签名称'];
    expect(formLabelColumnWidth(long, measure)).toBe(LABEL_COLUMN_MAX);
    expect(formLabelColumnWidth(long, measure, 300)).toBe(300);
  });

  it('gives details labels their natural width with the cell padding, at most the maximum', () => {
    expect(detailsLabelColumnWidth(['附件', '创建部门'], measure, 16)).toBe(4 * 14 + 32 + 2);
    expect(detailsLabelColumnWidth(['x'.repeat(40)], measure, 16)).toBe(LABEL_COLUMN_MAX);
  });
});
