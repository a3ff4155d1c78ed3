import { describe, expect, it } from 'vitest';
import {
  coerceRecord, coerceValue, collectFieldItems, hiddenFieldNames, validateRecord,
} from '../../../runtime/core/validation';
import type { ValidationIssue } from '../../../runtime/core/validation';
import type { EntityDef, FieldDef, FieldType } from '../../../runtime/core/schema/types';

const FIELDS: FieldDef[] = [
  { name: 'contractId', type: 'string', label: 'id', system: true },
  { name: 'contractNo', type: 'string', label: 'no', required: true, maxLength: 10, rules: [{ pattern: '^HT\\d+$', message: 'hr.contract.noPattern' }] },
  { name: 'employee', type: 'user', label: 'employee', required: true },
  {
    name: 'contractType', type: 'options', label: 'type', required: true,
    options: [{ label: 'Fixed', value: 'fixed' }, { label: 'Open', value: 'open' }, { label: 'Intern', value: 'intern' }],
  },
  { name: 'startDate', type: 'date', label: 'start', required: true },
  { name: 'endDate', type: 'date', label: 'end', rules: [{ expression: 'endDate >= startDate', message: 'hr.contract.endBeforeStart' }] },
  { name: 'salary', type: 'money', label: 'salary', min: 0, max: 100000 },
  { name: 'rate', type: 'number', label: 'rate', precision: 3 },
  { name: 'probationMonths', type: 'integer', label: 'probation', min: 0, max: 6 },
  { name: 'signedAt', type: 'datetime', label: 'signedAt' },
  { name: 'workTime', type: 'time', label: 'workTime' },
  { name: 'remark', type: 'text', label: 'remark', maxLength: 5 },
  { name: 'tags', type: 'tags', label: 'tags' },
  { name: 'attachments', type: 'attachments', label: 'attachments' },
  { name: 'isRenewal', type: 'switch', label: 'renewal' },
  { name: 'renewalNote', type: 'string', label: 'renewalNote' },
  { name: 'internSchool', type: 'string', label: 'school' },
  { name: 'period', type: 'dateRange', label: 'period' },
  { name: 'shift', type: 'datetimeRange', label: 'shift' },
  { name: 'place', type: 'location', label: 'place' },
  {
    name: 'items', type: 'subTable', label: 'items',
    fields: [
      { name: 'name', type: 'string', label: 'name', required: true, maxLength: 4 },
      { name: 'qty', type: 'integer', label: 'qty', min: 1 },
      { name: 'until', type: 'date', label: 'until', rules: [{ expression: 'until >= since', message: 'hr.item.order' }] },
      { name: 'since', type: 'date', label: 'since' },
    ],
  },
  { name: 'approvalStatus', type: 'status', label: 'status', readOnly: true },
  { name: 'createUser', type: 'user', label: 'createUser', system: true },
];

function hrContract(): EntityDef {
  return {
    formatVersion: 1,
    name: 'HrContract',
    module: 'hr',
    title: 'entity.HrContract.title',
    table: 'hr_contract',
    key: 'contractId',
    labelField: 'contractNo',
    fields: FIELDS,
    list: {
      columns: [{ prop: 'contractNo' }],
      filters: [],
      keywordFields: ['contractNo'],
      defaultSort: { prop: 'createTime', order: 'descending' },
      scopes: { manage: true },
    },
    form: {
      layout: [
        {
          kind: 'grid',
          children: [
            { kind: 'col', span: 12, children: [{ kind: 'field', field: 'contractNo', message: 'hr.contract.noRequired' }] },
            { kind: 'col', span: 12, children: [{ kind: 'field', field: 'employee' }, { kind: 'field', field: 'contractType' }] },
          ],
        },
        {
          kind: 'tabs',
          children: [
            {
              kind: 'tab', title: 'dates',
              children: [
                { kind: 'field', field: 'startDate' },
                { kind: 'field', field: 'endDate', rules: [{ expression: "daysBetween(startDate, endDate) <= 3650", message: 'hr.contract.tooLong' }] },
              ],
            },
            {
              kind: 'tab', title: 'more',
              children: [
                { kind: 'field', field: 'isRenewal' },
                { kind: 'field', field: 'renewalNote', requiredWhen: 'isRenewal == 1' },
                { kind: 'field', field: 'internSchool', hiddenWhen: "contractType != 'intern'", requiredWhen: "contractType == 'intern'" },
                { kind: 'field', field: 'workTime', options: [{ label: 'Morning', value: '09:00:00' }, { label: 'Noon', value: '13:00:00' }] },
                { kind: 'field', field: 'remark', hiddenWhen: 'broken ==' },
              ],
            },
          ],
        },
      ],
    },
    details: { sections: [{ fields: ['contractNo'] }] },
    permissions: {},
    calls: ['list', 'view', 'insert', 'update', 'delete'],
    importExport: { import: false, export: false },
    dataScope: true,
    pickerOpen: false,
    personal: false,
    single: false,
    pickerFields: [],
    actions: [],
  };
}

const field = (name: string): FieldDef => {
  const found = FIELDS.find((f) => f.name === name);
  if (!found) throw new Error(`fixture has no field ${name}`);
  return found;
};
const ofType = (type: FieldType, extra: Partial<FieldDef> = {}): FieldDef => ({ name: 'f', type, label: 'f', ...extra });

const valid = {
  contractNo: 'HT001', employee: 'u1', contractType: 'fixed', startDate: '2024-01-01', endDate: '2024-12-31',
};

const reasons = (issues: ValidationIssue[]) => issues.map((i) => `${i.field}:${i.reason}`);

describe('collectFieldItems', () => {
  it('walks grids, columns, tabs and tabs\' children in reading order', () => {
    expect(collectFieldItems(hrContract().form).map((item) => item.field)).toEqual([
      'contractNo', 'employee', 'contractType', 'startDate', 'endDate', 'isRenewal', 'renewalNote', 'internSchool', 'workTime', 'remark',
    ]);
  });

  it('is empty for an empty layout', () => {
    expect(collectFieldItems({ layout: [] })).toEqual([]);
  });
});

describe('coerceValue', () => {
  const value = (f: FieldDef, raw: unknown) => {
    const result = coerceValue(f, raw);
    if ('issue' in result) throw new Error(`unexpected issue ${JSON.stringify(result.issue)}`);
    return result.value;
  };
  const issue = (f: FieldDef, raw: unknown) => {
    const result = coerceValue(f, raw);
    if (!('issue' in result)) throw new Error(`expected an issue, got ${JSON.stringify(result.value)}`);
    return result.issue;
  };

  it("turns '' and null (and an absent value) into null for every type", () => {
    for (const f of FIELDS) {
      expect(value(f, ''), f.type).toBeNull();
      expect(value(f, null), f.type).toBeNull();
      expect(value(f, undefined), f.type).toBeNull();
    }
  });

  it('string-like fields store strings; numbers become text; one-element arrays unwrap', () => {
    for (const type of ['string', 'text', 'richText', 'dictionary', 'options', 'user', 'department', 'reference', 'image', 'status'] as FieldType[]) {
      expect(value(ofType(type), 'abc'), type).toBe('abc');
      expect(value(ofType(type), 12), type).toBe('12');
      expect(value(ofType(type), ['only']), type).toBe('only');
    }
    expect(issue(ofType('user'), ['u1', 'u2'])).toMatchObject({ field: 'f', reason: 'json', message: 'validation.json' });
    expect(issue(ofType('string'), { a: 1 }).reason).toBe('json');
  });

  it('multi-value fields store a comma-joined string from arrays, JSON text or comma text', () => {
    for (const type of ['users', 'departments', 'attachments', 'tags'] as FieldType[]) {
      expect(value(ofType(type), ['a', 'b']), type).toBe('a,b');
      expect(value(ofType(type), '["a","b"]'), type).toBe('a,b');
      expect(value(ofType(type), ' a , b ,, a'), type).toBe('a,b');
      expect(value(ofType(type), []), type).toBeNull();
    }
    expect(issue(ofType('tags'), '["a"').reason).toBe('json');
    expect(issue(ofType('tags'), [{ x: 1 }]).reason).toBe('json');
  });

  it('integer: whole numbers from numbers or numeric text', () => {
    expect(value(field('probationMonths'), '3')).toBe(3);
    expect(value(field('probationMonths'), 4)).toBe(4);
    expect(value(field('probationMonths'), '-2')).toBe(-2);
    for (const raw of ['1.5', 2.5, 'three', '0x10', true, [1]]) {
      expect(issue(field('probationMonths'), raw), String(raw)).toMatchObject({ reason: 'integer', message: 'validation.integer' });
    }
  });

  it('number and money: numbers; money rounded to 2 decimals unless precision says otherwise', () => {
    expect(value(field('salary'), '1234.565')).toBe(1234.57);
    expect(value(field('salary'), 10)).toBe(10);
    expect(value(field('rate'), '0.12345')).toBe(0.123);
    expect(value(ofType('number'), '0.123456789')).toBe(0.123456789);
    expect(value(ofType('money', { precision: 0 }), '12.5')).toBe(13);
    for (const raw of ['12a', 'NaN', 'Infinity', Infinity, {}]) {
      expect(issue(field('salary'), raw), String(raw)).toMatchObject({ reason: 'number', message: 'validation.number' });
    }
  });

  it('switch: 1 or 0', () => {
    for (const raw of [1, '1', true, 'true']) expect(value(field('isRenewal'), raw)).toBe(1);
    for (const raw of [0, '0', false, 'false']) expect(value(field('isRenewal'), raw)).toBe(0);
    expect(issue(field('isRenewal'), 'yes').reason).toBe('option');
  });

  it("date: 'YYYY-MM-DD', real calendar days only; a datetime keeps its day", () => {
    expect(value(field('startDate'), '2024-02-29')).toBe('2024-02-29');
    expect(value(field('startDate'), '2024-02-29 10:00:00')).toBe('2024-02-29');
    for (const raw of ['2023-02-29', '2024-13-01', '2024-1-5', '01/05/2024', 20240105]) {
      expect(issue(field('startDate'), raw), String(raw)).toMatchObject({ reason: 'date', message: 'validation.date' });
    }
  });

  it("datetime: 'YYYY-MM-DD HH:mm:ss', accepting T, missing seconds and a bare date", () => {
    expect(value(field('signedAt'), '2024-03-01 08:05:09')).toBe('2024-03-01 08:05:09');
    expect(value(field('signedAt'), '2024-03-01T08:05')).toBe('2024-03-01 08:05:00');
    expect(value(field('signedAt'), '2024-03-01T08:05:09.123')).toBe('2024-03-01 08:05:09');
    expect(value(field('signedAt'), '2024-03-01')).toBe('2024-03-01 00:00:00');
    for (const raw of ['2024-03-01 24:00:00', '2024-03-01 10:60', '2024-03-01Z', 'now']) {
      expect(issue(field('signedAt'), raw), raw).toMatchObject({ reason: 'datetime', message: 'validation.datetime' });
    }
  });

  it("time: 'HH:mm:ss'", () => {
    expect(value(field('workTime'), '09:30')).toBe('09:30:00');
    expect(value(field('workTime'), '23:59:59')).toBe('23:59:59');
    for (const raw of ['24:00', '9:30', '09:30:60', 930]) {
      expect(issue(field('workTime'), raw), String(raw)).toMatchObject({ reason: 'time', message: 'validation.time' });
    }
  });

  it('dateRange and datetimeRange: [start, end] from an array, JSON text or comma text', () => {
    expect(value(field('period'), ['2024-01-01', '2024-01-31'])).toEqual(['2024-01-01', '2024-01-31']);
    expect(value(field('period'), '["2024-01-01","2024-01-31"]')).toEqual(['2024-01-01', '2024-01-31']);
    expect(value(field('period'), '2024-01-01,2024-01-31')).toEqual(['2024-01-01', '2024-01-31']);
    expect(value(field('period'), ['', ''])).toBeNull();
    expect(value(field('shift'), ['2024-01-01 08:00', '2024-01-01T17:00:00'])).toEqual(['2024-01-01 08:00:00', '2024-01-01 17:00:00']);
    expect(issue(field('period'), ['2024-01-01', '']).reason).toBe('date');
    expect(issue(field('period'), ['2024-01-01']).reason).toBe('date');
    expect(issue(field('period'), ['2024-01-01', '2024-02-30']).reason).toBe('date');
    expect(issue(field('period'), ['2024-02-01', '2024-01-01'])).toMatchObject({ reason: 'date', message: 'validation.rangeOrder' });
    expect(issue(field('shift'), ['2024-01-01 08:00', 'later']).reason).toBe('datetime');
    expect(issue(field('period'), '["2024-01-01"').reason).toBe('json');
  });

  it('location: {lng, lat, address?} from an object or JSON text', () => {
    expect(value(field('place'), { lng: '116.4', lat: 39.9, address: 'Beijing', extra: 1 })).toEqual({ lng: 116.4, lat: 39.9, address: 'Beijing' });
    expect(value(field('place'), '{"lng":1,"lat":2}')).toEqual({ lng: 1, lat: 2 });
    for (const raw of ['{"lng":1}', '{bad', { lng: 200, lat: 0 }, { lng: 'x', lat: 1 }, [1, 2], 'Beijing']) {
      expect(issue(field('place'), raw), JSON.stringify(raw)).toMatchObject({ reason: 'json', message: 'validation.json' });
    }
  });

  it('subTable: rows coerced by the sub-fields, unknown row keys dropped', () => {
    expect(value(field('items'), [{ name: 'pen', qty: '2', junk: 'x' }])).toEqual([{ name: 'pen', qty: 2 }]);
    expect(value(field('items'), '[{"name":"pen","qty":1}]')).toEqual([{ name: 'pen', qty: 1 }]);
    expect(value(field('items'), [])).toBeNull();
    expect(issue(field('items'), [{ name: 'pen', qty: 'many' }])).toMatchObject({ field: 'items.0.qty', reason: 'integer' });
    expect(issue(field('items'), ['row']).reason).toBe('json');
    expect(issue(field('items'), '{"name":"pen"}').reason).toBe('json');
  });
});

describe('coerceRecord', () => {
  it('coerces the sent editable fields and leaves unsent ones absent', () => {
    const { values, issues } = coerceRecord(hrContract(), { contractNo: 'HT1', salary: '100', isRenewal: 'true' });
    expect(issues).toEqual([]);
    expect(values).toEqual({ contractNo: 'HT1', salary: 100, isRenewal: 1 });
  });

  it('ignores unknown keys, system fields and read-only fields', () => {
    const { values } = coerceRecord(hrContract(), {
      contractNo: 'HT1', nope: 1, contractId: 'forged', createUser: 'forged', approvalStatus: 'approved', __proto__: { x: 1 },
    });
    expect(values).toEqual({ contractNo: 'HT1' });
  });

  it("reads 'name[]' keys as the field 'name'", () => {
    expect(coerceRecord(hrContract(), { 'tags[]': ['a', 'b'] }).values).toEqual({ tags: 'a,b' });
  });

  it('sends an empty value through as null (so an update can clear it)', () => {
    expect(coerceRecord(hrContract(), { remark: '' }).values).toEqual({ remark: null });
  });

  it('reports every problem, with sub-table paths', () => {
    const { values, issues } = coerceRecord(hrContract(), {
      salary: 'lots', startDate: '2024-02-30', items: [{ name: 'a', qty: 'x' }, { name: 'b', qty: 1.5 }],
    });
    expect(reasons(issues)).toEqual(['startDate:date', 'salary:number', 'items.0.qty:integer', 'items.1.qty:integer']);
    expect(values).toEqual({});
  });
});

describe('hiddenFieldNames', () => {
  it('lists items whose hiddenWhen holds for the values', () => {
    expect([...hiddenFieldNames(hrContract(), { contractType: 'fixed' })]).toEqual(['internSchool']);
    expect([...hiddenFieldNames(hrContract(), { contractType: 'intern' })]).toEqual([]);
  });

  it('treats a hiddenWhen that cannot be evaluated as not hidden', () => {
    expect(hiddenFieldNames(hrContract(), { contractType: 'intern' }).has('remark')).toBe(false);
  });
});

describe('validateRecord', () => {
  const insert = (values: Record<string, unknown>) => validateRecord(hrContract(), values, { mode: 'insert' });
  const update = (values: Record<string, unknown>) => validateRecord(hrContract(), values, { mode: 'update' });

  it('accepts a complete, valid record', () => {
    expect(insert(valid)).toEqual([]);
  });

  it('required: missing or empty required fields, with the spec message key', () => {
    const issues = insert({ contractNo: 'HT001', employee: '', contractType: null });
    expect(issues).toEqual([
      { field: 'employee', reason: 'required', message: 'validation.required' },
      { field: 'contractType', reason: 'required', message: 'validation.required' },
      { field: 'startDate', reason: 'required', message: 'validation.required' },
    ]);
  });

  it('required: whitespace alone is empty', () => {
    expect(reasons(insert({ ...valid, employee: '   ' }))).toEqual(['employee:required']);
  });

  it("required: the form item's message overrides the default", () => {
    expect(insert({ ...valid, contractNo: '' })).toEqual([{ field: 'contractNo', reason: 'required', message: 'hr.contract.noRequired' }]);
  });

  it('required: requiredWhen makes a field required when it holds', () => {
    expect(reasons(insert({ ...valid, isRenewal: 1 }))).toEqual(['renewalNote:required']);
    expect(reasons(insert({ ...valid, isRenewal: 0 }))).toEqual([]);
    expect(reasons(insert({ ...valid, isRenewal: 1, renewalNote: 'second term' }))).toEqual([]);
  });

  it('required: a hidden item is not required and not checked at all', () => {
    expect(reasons(insert({ ...valid, contractType: 'intern' }))).toEqual(['internSchool:required']);
    expect(reasons(insert({ ...valid, contractType: 'fixed', internSchool: 'x'.repeat(500) }))).toEqual([]);
  });

  it("update: a field that was not sent is not re-checked; one sent empty is", () => {
    expect(update({ remark: 'ok' })).toEqual([]);
    expect(reasons(update({ employee: null }))).toEqual(['employee:required']);
    expect(reasons(update({ contractNo: '' }))).toEqual(['contractNo:required']);
  });

  it('maxLength counts characters, not bytes, and carries {max}', () => {
    expect(insert({ ...valid, remark: '合同备注啊' })).toEqual([]);
    expect(insert({ ...valid, remark: '合同备注啊!' })).toEqual([{ field: 'remark', reason: 'maxLength', message: 'validation.maxLength', params: { max: 5 } }]);
  });

  it('min and max apply to numbers and carry {min} / {max}', () => {
    expect(insert({ ...valid, probationMonths: -1 })).toEqual([{ field: 'probationMonths', reason: 'min', message: 'validation.min', params: { min: 0 } }]);
    expect(insert({ ...valid, salary: 100000.01 })).toEqual([{ field: 'salary', reason: 'max', message: 'validation.max', params: { max: 100000 } }]);
    expect(insert({ ...valid, probationMonths: 6, salary: 0 })).toEqual([]);
  });

  it('min and max are not applied to strings', () => {
    const entity = hrContract();
    entity.fields = entity.fields.map((f) => (f.name === 'renewalNote' ? { ...f, min: 5, max: 6 } : f));
    expect(validateRecord(entity, { ...valid, renewalNote: '1' }, { mode: 'insert' })).toEqual([]);
  });

  it('number, integer, date, datetime, time: values of the wrong type', () => {
    expect(reasons(insert({ ...valid, salary: 'lots' }))).toEqual(['salary:number']);
    expect(reasons(insert({ ...valid, probationMonths: '2.5' }))).toEqual(['probationMonths:integer']);
    expect(reasons(insert({ ...valid, startDate: '2024-02-30', endDate: null }))).toEqual(['startDate:date']);
    expect(reasons(insert({ ...valid, signedAt: '2024-01-01 25:00' }))).toEqual(['signedAt:datetime']);
    expect(reasons(insert({ ...valid, workTime: '9am' }))).toEqual(['workTime:time']);
  });

  it('option: inline options on the field, or the form item\'s override', () => {
    expect(insert({ ...valid, contractType: 'temporary' })).toEqual([{ field: 'contractType', reason: 'option', message: 'validation.option' }]);
    expect(reasons(insert({ ...valid, workTime: '10:00:00' }))).toEqual(['workTime:option']);
    expect(reasons(insert({ ...valid, workTime: '13:00' }))).toEqual([]);
  });

  it("pattern: the rule's message when the value does not match", () => {
    expect(insert({ ...valid, contractNo: 'X-1' })).toEqual([{ field: 'contractNo', reason: 'pattern', message: 'hr.contract.noPattern' }]);
  });

  it("rule: an expression rule failing gives the rule's own message", () => {
    expect(insert({ ...valid, endDate: '2023-12-31' })).toEqual([{ field: 'endDate', reason: 'rule', message: 'hr.contract.endBeforeStart' }]);
    expect(insert({ ...valid, endDate: '2024-01-01' })).toEqual([]);
  });

  it("rule: the form item's extra rules apply too", () => {
    expect(insert({ ...valid, endDate: '2040-01-01' })).toEqual([{ field: 'endDate', reason: 'rule', message: 'hr.contract.tooLong' }]);
  });

  it('rule: skipped while the field itself is empty', () => {
    expect(insert({ ...valid, endDate: '' })).toEqual([]);
    expect(insert({ ...valid, endDate: null })).toEqual([]);
  });

  it('rule: not skipped when only another field it reads is empty (comparisons with nothing are false)', () => {
    expect(reasons(insert({ ...valid, startDate: null }))).toEqual(['startDate:required', 'endDate:rule', 'endDate:rule']);
  });

  it('rule: in update mode, skipped when it reads a field that was not sent', () => {
    expect(update({ endDate: '2000-01-01' })).toEqual([]);
    expect(reasons(update({ startDate: '2024-06-01', endDate: '2024-05-01' }))).toEqual(['endDate:rule']);
  });

  it('json: structured values that cannot be read', () => {
    expect(insert({ ...valid, place: '{"lng":1' })).toEqual([{ field: 'place', reason: 'json', message: 'validation.json' }]);
  });

  it('sub-table rows are checked field by field, with dotted paths', () => {
    const items = [
      { name: 'pen', qty: 1 },
      { name: '', qty: 0 },
      { name: 'notebook', since: '2024-02-01', until: '2024-01-01' },
    ];
    expect(insert({ ...valid, items }).map((i) => [i.field, i.reason, i.message])).toEqual([
      ['items.1.name', 'required', 'validation.required'],
      ['items.1.qty', 'min', 'validation.min'],
      ['items.2.name', 'maxLength', 'validation.maxLength'],
      ['items.2.until', 'rule', 'hr.item.order'],
    ]);
  });

  it('accepts raw form strings as well as coerced values', () => {
    expect(insert({ ...valid, salary: '1200.5', probationMonths: '3', isRenewal: '0', tags: ['a', 'b'] })).toEqual([]);
  });

  it('never checks system or read-only fields', () => {
    expect(insert({ ...valid, approvalStatus: 'x'.repeat(999), createUser: { weird: true } })).toEqual([]);
  });
});

describe('validateRecord: formats and counts', () => {
  const entityWith = (extra: FieldDef): EntityDef => {
    const base = hrContract();
    return { ...base, fields: [...base.fields, extra], form: { layout: [...base.form.layout, { kind: 'field', field: extra.name }] } };
  };

  it('refuses more attachments than the field holds', () => {
    const entity = entityWith({ name: 'files', type: 'attachments', label: 'files', maxCount: 2 });
    expect(reasons(validateRecord(entity, { ...valid, files: 'a1,a2' }, { mode: 'insert' }))).toEqual([]);
    const issues = validateRecord(entity, { ...valid, files: 'a1,a2,a3' }, { mode: 'insert' });
    expect(reasons(issues)).toEqual(['files:max']);
    expect(issues[0]).toMatchObject({ message: 'validation.maxCount', params: { max: 2 } });
  });

  it('accepts five-part cron expressions only', () => {
    const entity = entityWith({ name: 'cron', type: 'string', label: 'cron', format: 'cron' });
    for (const good of ['* * * * *', '0 2 * * *', '*/15 8-18 * * 1-5']) {
      expect(reasons(validateRecord(entity, { ...valid, cron: good }, { mode: 'insert' })), good).toEqual([]);
    }
    for (const bad of ['every day', '* * * *', '0 0 2 * * *', '61 * * * *']) {
      expect(reasons(validateRecord(entity, { ...valid, cron: bad }, { mode: 'insert' })), bad).toEqual(['cron:pattern']);
    }
  });

  it('lets an auto-coded field stay empty: the server numbers it', () => {
    const base = hrContract();
    const entity = { ...base, fields: base.fields.map((f) => (f.name === 'contractNo' ? { ...f, autoCode: 'hrContractNo' } : f)) };
    expect(reasons(validateRecord(entity, { ...valid, contractNo: '' }, { mode: 'insert' }))).toEqual([]);
    expect(reasons(validateRecord(base, { ...valid, contractNo: '' }, { mode: 'insert' }))).toEqual(['contractNo:required']);
  });
});
