import { describe, expect, it } from 'vitest';
import type { FieldDef, FieldType, FlowDef } from '../../../runtime/core/schema/types';
import { fieldText } from '../../../runtime/react/format/fieldText';
import {
  findOption, formatMoney, isSwitchOn, parseLocation, parseRange, relatedName, splitJoined,
} from '../../../runtime/react/format/fieldValues';
import { tagColor } from '../../../runtime/react/format/tagColor';
import { echoTranslate } from './contractFixture';

function fieldOf(type: FieldType, extra: Partial<FieldDef> = {}): FieldDef {
  return { name: 'value', type, label: 'label', ...extra };
}

const text = (type: FieldType, value: unknown, extra: Partial<FieldDef> = {}, row: Record<string, unknown> = {}) =>
  fieldText(fieldOf(type, extra), { value, ...row }, { translate: echoTranslate });

describe('cell formatting helpers', () => {
  it('money always shows two decimals; non-numbers pass through', () => {
    expect(formatMoney(12)).toBe('12.00');
    expect(formatMoney('3.456')).toBe('3.46');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('n/a')).toBe('n/a');
  });

  it('switch reads 1/"1"/true as on', () => {
    expect([1, '1', true].map(isSwitchOn)).toEqual([true, true, true]);
    expect([0, '0', false, null, undefined].map(isSwitchOn)).toEqual([false, false, false, false, false]);
  });

  it('splits comma-joined ids and arrays alike, dropping blanks', () => {
    expect(splitJoined('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(splitJoined(['x', 1])).toEqual(['x', '1']);
    expect(splitJoined(null)).toEqual([]);
  });

  it('finds options by string comparison (dictionary values arrive as numbers or strings)', () => {
    const options = [{ label: 'one', value: 1 }, { label: 'two', value: '2' }];
    expect(findOption(options, '1')?.label).toBe('one');
    expect(findOption(options, 2)?.label).toBe('two');
    expect(findOption(options, '')).toBeUndefined();
  });

  it('prefers the row\'s {field}Name for related records', () => {
    expect(relatedName({ owner: 'u1', ownerName: '张三' }, 'owner')).toBe('张三');
    expect(relatedName({ owner: 'u1,u2' }, 'owner')).toBe('u1, u2');
  });

  it('parses locations and ranges from objects, arrays or text', () => {
    expect(parseLocation({ lng: 1, lat: 2, address: 'x' })).toEqual({ lng: 1, lat: 2, address: 'x' });
    expect(parseLocation('{"lng":1,"lat":2}')).toEqual({ lng: 1, lat: 2 });
    expect(parseLocation('Beijing')).toEqual({ address: 'Beijing' });
    expect(parseRange(['2024-01-01', '2024-02-01'])).toEqual(['2024-01-01', '2024-02-01']);
    expect(parseRange('2024-01-01,2024-02-01')).toEqual(['2024-01-01', '2024-02-01']);
    expect(parseRange('2024-01-01')).toBeNull();
  });

  it('maps the spec\'s tag types onto antd colours, passing others through', () => {
    expect(tagColor('danger')).toBe('error');
    expect(tagColor('success')).toBe('success');
    expect(tagColor('#f50')).toBe('#f50');
    expect(tagColor(undefined)).toBeUndefined();
  });
});

describe('fieldText', () => {
  it('formats numbers by type and precision', () => {
    expect(text('money', 5)).toBe('5.00');
    expect(text('number', 1.5, { precision: 3 })).toBe('1.500');
    expect(text('integer', '7')).toBe('7');
  });

  it('translates a `translated` text that is a language-pack key, and shows any other text as typed', () => {
    const translate = (key: string) => ({ 'menu.hr': '人力资源' } as Record<string, string>)[key] ?? `!missing ${key}`;
    const isKey = (key: string) => key === 'menu.hr';
    const shown = (value: string, extra: Partial<FieldDef>) => fieldText(fieldOf('string', extra), { value }, { translate, isKey });
    expect(shown('menu.hr', { translated: true })).toBe('人力资源');
    // Plain text never goes through the translator (i18next would read 'HR: 合同' as a namespace).
    expect(shown('HR: 合同', { translated: true })).toBe('HR: 合同');
    expect(shown('menu.hr', {})).toBe('menu.hr');
    expect(fieldText(fieldOf('text', { translated: true }), { value: 'menu.hr' }, { translate })).toBe('menu.hr');
  });

  it('shows switches as yes/no', () => {
    expect(text('switch', 1)).toBe('runtime.value.yes');
    expect(text('switch', 0)).toBe('runtime.value.no');
  });

  it('shows option labels, translated, and the raw value when no option matches', () => {
    const options = [{ label: 'level.a', value: 'A' }];
    expect(text('options', 'A', { options })).toBe('level.a');
    expect(text('options', 'Z', { options })).toBe('Z');
    const dictionary = [{ label: '正式', value: 1 }];
    expect(fieldText(fieldOf('dictionary'), { value: '1' }, { translate: echoTranslate, dictionary })).toBe('正式');
  });

  it('shows related records by name, attachments by count, ranges with a tilde', () => {
    expect(text('user', 'u1', {}, { valueName: '张三' })).toBe('张三');
    expect(text('attachments', 'a1,a2')).toBe('runtime.attachments.count{"count":2}');
    expect(text('dateRange', ['2024-01-01', '2024-01-31'])).toBe('2024-01-01 ~ 2024-01-31');
    expect(text('tags', 'red,blue')).toBe('red, blue');
    // Tags picked from options read as the options' labels; an unknown one as stored.
    const channels = [{ label: 'channel.sms', value: 'sms' }, { label: 'channel.mail', value: 'mail' }];
    expect(text('tags', 'sms,mail,fax', { options: channels })).toBe('channel.sms, channel.mail, fax');
    expect(text('location', { lng: 116.4, lat: 39.9 })).toBe('116.4, 39.9');
    expect(text('subTable', [{}, {}])).toBe('runtime.subTable.rows{"count":2}');
  });

  it('shows a status as its flow state\'s label', () => {
    const flow: FlowDef = { field: 'value', initial: 'draft', editableIn: ['draft'], states: [{ name: 'draft', label: 'flow.draft' }], transitions: [] };
    expect(fieldText(fieldOf('status'), { value: 'draft' }, { translate: echoTranslate, flow })).toBe('flow.draft');
    expect(fieldText(fieldOf('status'), { value: 'gone' }, { translate: echoTranslate, flow })).toBe('gone');
  });

  it('shows nothing for empty values of any type', () => {
    expect(['string', 'money', 'switch', 'user', 'attachments', 'status'].map((type) => text(type as FieldType, null))).toEqual(['', '', '', '', '', '']);
  });
});
