import { describe, expect, it } from 'vitest';
import { formatCellValue, formatDate, formatGeneral, isDateFormat, splitSections } from '../../../src/pages/preview/excel/cellFormat';

const d = (y: number, m: number, day: number, h = 0, mi = 0, s = 0) => new Date(Date.UTC(y, m - 1, day, h, mi, s));

describe('Excel number formats', () => {
  it('General keeps up to 11 significant digits', () => {
    expect(formatGeneral(42)).toBe('42');
    expect(formatGeneral(0.1 + 0.2)).toBe('0.3');
    expect(formatGeneral(1234.5678)).toBe('1234.5678');
    expect(formatGeneral(123456789012)).toBe('1.23457E+11');
    expect(formatCellValue(3.5, undefined)).toBe('3.5');
    expect(formatCellValue(-7, 'General')).toBe('-7');
  });

  it('fixed decimals, grouping and percentages', () => {
    expect(formatCellValue(1234567.891, '#,##0.00')).toBe('1,234,567.89');
    expect(formatCellValue(1234567.891, '#,##0')).toBe('1,234,568');
    expect(formatCellValue(0.5, '0')).toBe('1');
    expect(formatCellValue(3.14159, '0.000')).toBe('3.142');
    expect(formatCellValue(0.256, '0.0%')).toBe('25.6%');
    expect(formatCellValue(0.256, '0%')).toBe('26%');
    expect(formatCellValue(0.05, '0.00%')).toBe('5.00%');
    expect(formatCellValue(7, '000')).toBe('007');
    expect(formatCellValue(0.5, '#.##')).toBe('.5');
    expect(formatCellValue(1.5, '0.0#')).toBe('1.5');
    expect(formatCellValue(1.567, '0.0#')).toBe('1.57');
  });

  it('currency literals, locale tags, colours and sections', () => {
    expect(formatCellValue(1234.5, '"¥"#,##0.00')).toBe('¥1,234.50');
    expect(formatCellValue(1234.5, '[$¥-804]#,##0.00')).toBe('¥1,234.50');
    expect(formatCellValue(-1234.5, '#,##0.00;[Red]-#,##0.00')).toBe('-1,234.50');
    expect(formatCellValue(-5, '0;(0)')).toBe('(5)');
    expect(formatCellValue(0, '0;-0;"零"')).toBe('零');
    expect(formatCellValue(-5, '0.00')).toBe('-5.00');
    expect(formatCellValue(12, '0"元"')).toBe('12元');
    expect(formatCellValue(12, '0\\k\\g')).toBe('12kg');
    expect(formatCellValue(1500, '#,##0.00_);(#,##0.00)')).toBe('1,500.00 ');
    expect(formatCellValue(12345, '0.00E+00')).toBe('1.23E+04');
    expect(splitSections('0;"a;b";[Red]0')).toEqual(['0', '"a;b"', '[Red]0']);
  });

  it('text, logical and text sections', () => {
    expect(formatCellValue('合同', '@')).toBe('合同');
    expect(formatCellValue('abc', '0.00')).toBe('abc');
    expect(formatCellValue(true, undefined)).toBe('TRUE');
    expect(formatCellValue(12, '@')).toBe('12');
  });

  it('dates and times, with m as minutes next to hours or seconds', () => {
    expect(isDateFormat('yyyy-mm-dd')).toBe(true);
    expect(isDateFormat('#,##0.00')).toBe(false);
    expect(isDateFormat('[$-F800]dddd, mmmm dd, yyyy')).toBe(true);
    expect(isDateFormat('"年"0')).toBe(false);
    expect(formatCellValue(d(2026, 1, 15), 'yyyy-mm-dd')).toBe('2026-01-15');
    expect(formatCellValue(d(2026, 1, 15), 'mm-dd-yy')).toBe('2026-01-15');
    expect(formatCellValue(d(2026, 3, 5), 'yyyy"年"m"月"d"日"')).toBe('2026年3月5日');
    expect(formatCellValue(d(2026, 3, 5, 14, 7, 9), 'yyyy/m/d h:mm:ss')).toBe('2026/3/5 14:07:09');
    expect(formatCellValue(d(2026, 3, 5, 14, 7), 'h:mm AM/PM')).toBe('2:07 PM');
    expect(formatCellValue(d(2026, 3, 5), 'dddd, mmmm d')).toBe('Thursday, March 5');
    expect(formatCellValue(d(2026, 3, 5), 'aaaa')).toBe('星期四');
    expect(formatCellValue(d(2026, 3, 5), undefined)).toBe('2026-03-05');
    // A serial number under a date format.
    expect(formatCellValue(46037, 'yyyy-mm-dd')).toBe('2026-01-15');
    expect(formatDate(d(2026, 12, 31, 23, 59), 'mm:ss')).toBe('59:00');
  });
});
