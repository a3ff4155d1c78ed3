import { describe, expect, it } from 'vitest';
import type { FieldDef, FieldType } from '../../../runtime/core/schema/types';
import { fieldText } from '../../../runtime/react/format/fieldText';
import { fieldWidget } from '../../../runtime/react/form/fieldWidget';
import { contractBundle, echoTranslate } from './contractFixture';

/** Issue 12.8: dates and times are picked and read to the minute unless a field asks for seconds. */
const fieldOf = (type: FieldType, extra: Partial<FieldDef> = {}): FieldDef => ({ name: 'value', type, label: 'label', ...extra });
const text = (type: FieldType, value: unknown, extra: Partial<FieldDef> = {}) =>
  fieldText(fieldOf(type, extra), { value }, { translate: echoTranslate });

describe('date-time precision', () => {
  it('shows stored date-times and times to the minute', () => {
    expect(text('datetime', '2026-12-02 09:30:00')).toBe('2026-12-02 09:30');
    expect(text('time', '18:05:00')).toBe('18:05');
    expect(text('datetimeRange', '2026-12-02 09:30:00,2026-12-02 18:00:00')).toBe('2026-12-02 09:30 ~ 2026-12-02 18:00');
    // Text that is no stored time passes as it is.
    expect(text('datetime', 'soon')).toBe('soon');
  });

  it('keeps seconds where the field asks for them, as the system timestamps do', () => {
    expect(text('datetime', '2026-12-02 09:30:15', { seconds: true })).toBe('2026-12-02 09:30:15');
    expect(text('time', '18:05:07', { seconds: true })).toBe('18:05:07');
    const createTime = contractBundle().entity.fields.find((f) => f.name === 'createTime');
    expect(createTime?.seconds).toBe(true);
  });

  it('gives the pickers a minute format and a time panel without seconds', () => {
    const bundle = contractBundle();
    expect(fieldWidget(bundle, fieldOf('datetime'), undefined, echoTranslate).props).toMatchObject({ format: 'YYYY-MM-DD HH:mm', showTime: { format: 'HH:mm' } });
    expect(fieldWidget(bundle, fieldOf('time'), undefined, echoTranslate).props).toMatchObject({ format: 'HH:mm' });
    expect(fieldWidget(bundle, fieldOf('datetimeRange'), undefined, echoTranslate).props).toMatchObject({ format: 'YYYY-MM-DD HH:mm' });
    expect(fieldWidget(bundle, fieldOf('datetime', { seconds: true }), undefined, echoTranslate).props)
      .toMatchObject({ format: 'YYYY-MM-DD HH:mm:ss', showTime: { format: 'HH:mm:ss' } });
  });
});
