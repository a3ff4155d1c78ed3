import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import zhCn from '../../../locales/zh-cn.json';
import en from '../../../locales/en.json';
import { buildRegistry, namesParticipant, participantRefs, type SchemaSource } from '../../../runtime/core/schema';
import { issueFieldLabel } from '../../../runtime/core/validation';
import { schemaErrorOf } from '../../support/schemaErrors';

/**
 * A module's visits: an owner, attendees (a users field), a host (a user field) and follow-ups
 * (a sub-table whose rows name a responsible person) — the shapes `participants` may name.
 */
const moduleDoc = { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] };
const visitDoc = (participants: unknown, extra: Record<string, unknown> = {}) => ({
  formatVersion: 1, name: 'DemoVisit', title: 'entity.DemoVisit.title', table: 'demo_visit', key: 'visitId',
  fields: [
    { name: 'subject', type: 'string', required: true },
    { name: 'owner', type: 'user' },
    { name: 'host', type: 'user' },
    { name: 'attendees', type: 'users' },
    { name: 'note', type: 'string' },
    { name: 'followUps', type: 'subTable', fields: [
      { name: 'responsible', type: 'user', required: true },
      { name: 'task', type: 'string' },
    ] },
  ],
  list: { scopes: { my: { ownerField: 'owner', ...(participants === undefined ? {} : { participants }) }, manage: true } },
  ...extra,
});
/** The people the user fields point at. */
const userDoc = { formatVersion: 1, name: 'User', title: 'entity.User.title', table: 'sys_user', key: 'userId', fields: [{ name: 'userName', type: 'string' }] };
const sources = (doc: unknown): SchemaSource[] => [
  { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: moduleDoc },
  { file: 'schemas/demo/User.json', module: 'demo', kind: 'entity', doc: userDoc },
  { file: 'schemas/demo/DemoVisit.json', module: 'demo', kind: 'entity', doc },
];
const load = (doc: unknown) => buildRegistry(sources(doc)).entities.get('DemoVisit')!;

describe('participants of a record (list.scopes.my.participants)', () => {
  it('takes user and users fields and user columns of sub-tables', () => {
    const entity = load(visitDoc(['host', 'attendees', 'followUps.responsible']));
    expect(participantRefs(entity).map((r) => [r.field.name, r.cell?.name])).toEqual([
      ['host', undefined], ['attendees', undefined], ['followUps', 'responsible'],
    ]);
    expect(participantRefs(load(visitDoc(undefined)))).toEqual([]);
  });

  it('refuses anything else at load, naming file, pointer and what was expected', () => {
    const cases: [unknown[], string, string][] = [
      [['note'], '/list/scopes/my/participants/0', 'participant "note" to be a user or users field of DemoVisit'],
      [['host', 'nobody'], '/list/scopes/my/participants/1', 'participant "nobody" to be a user or users field'],
      [['attendees.responsible'], '/list/scopes/my/participants/0', '"attendees" to be a sub-table of DemoVisit'],
      [['followUps.task'], '/list/scopes/my/participants/0', '"task" to be a user column of the sub-table followUps'],
      [['followUps'], '/list/scopes/my/participants/0', 'participant "followUps" to be a user or users field'],
    ];
    for (const [participants, pointer, expected] of cases) {
      const error = schemaErrorOf(() => load(visitDoc(participants)));
      expect(error.file).toBe('schemas/demo/DemoVisit.json');
      expect(error.pointer, JSON.stringify(participants)).toBe(pointer);
      expect(error.message).toContain(expected);
    }
    // The meta-schema: names only, at most one level into a sub-table, no repeats.
    expect(schemaErrorOf(() => load(visitDoc(['followUps.responsible.x']))).pointer).toBe('/list/scopes/my/participants/0');
    expect(schemaErrorOf(() => load(visitDoc(['host', 'host']))).pointer).toBe('/list/scopes/my/participants');
  });

  it('finds the user in stored rows (comma-joined, JSON text) and answered ones alike', () => {
    const refs = participantRefs(load(visitDoc(['host', 'attendees', 'followUps.responsible'])));
    expect(namesParticipant(refs, { host: 'u1' }, 'u1')).toBe(true);
    expect(namesParticipant(refs, { attendees: 'u2,u10,u3' }, 'u1')).toBe(false);
    expect(namesParticipant(refs, { attendees: 'u2,u1,u3' }, 'u1')).toBe(true);
    expect(namesParticipant(refs, { followUps: '[{"responsible":"u1","task":"报价"}]' }, 'u1')).toBe(true);
    expect(namesParticipant(refs, { followUps: [{ responsible: 'u1' }] }, 'u1')).toBe(true);
    expect(namesParticipant(refs, { followUps: [{ responsible: 'u11' }], owner: 'u1' }, 'u1')).toBe(false);
    expect(namesParticipant(refs, { followUps: '[{"responsible": "u1"' }, 'u1')).toBe(false);
    expect(namesParticipant(refs, { followUps: '{"responsible":"u1"}' }, 'u1')).toBe(false);
  });
});

describe('sub-table labels', () => {
  it('give sub-fields their own key path, apart from the sub-table\'s own label', async () => {
    const entity = load(visitDoc(undefined));
    const followUps = entity.fields.find((f) => f.name === 'followUps')!;
    expect(followUps.label).toBe('entity.DemoVisit.field.followUps');
    expect(followUps.fields!.map((f) => f.label)).toEqual(['entity.DemoVisit.subField.followUps.responsible', 'entity.DemoVisit.subField.followUps.task']);
    // A language pack can hold both: the sub-table's label is a text, its columns' a group beside it.
    const t = i18next.createInstance();
    await t.init({ lng: 'zh-cn', lowerCaseLng: true, showSupportNotice: false, resources: { 'zh-cn': { translation: { entity: { DemoVisit: {
      field: { followUps: '跟进事项' }, subField: { followUps: { responsible: '负责人' } },
    } } } } } });
    expect(t.t(followUps.label)).toBe('跟进事项');
    expect(t.t(followUps.fields![0].label)).toBe('负责人');
  });

  it('keep a label the schema gives', () => {
    const doc = visitDoc(undefined);
    (doc.fields[5].fields as { label?: string }[])[0].label = 'custom.responsible';
    expect(load(doc).fields.find((f) => f.name === 'followUps')!.fields![0].label).toBe('custom.responsible');
  });
});

describe('issue paths as people read them', () => {
  const entity = () => load(visitDoc(undefined));
  const translator = async (lng: string) => {
    const t = i18next.createInstance();
    const demo = lng === 'en'
      ? { field: { followUps: 'Follow-ups', subject: 'Subject' }, subField: { followUps: { responsible: 'Responsible' } } }
      : { field: { followUps: '跟进事项', subject: '主题' }, subField: { followUps: { responsible: '负责人' } } };
    const pack = lng === 'en' ? en : zhCn;
    await t.init({ lng, lowerCaseLng: true, showSupportNotice: false, resources: { [lng]: { translation: { ...pack, entity: { DemoVisit: demo } } } } });
    return (key: string, params?: Record<string, unknown>) => t.t(key, params ?? {});
  };

  it('names a sub-table cell by table, row from 1 and column, in both languages', async () => {
    const zh = await translator('zh-cn');
    const english = await translator('en');
    expect(issueFieldLabel(entity(), 'followUps.0.responsible', zh)).toBe('跟进事项 第1行 负责人');
    expect(issueFieldLabel(entity(), 'followUps.11.responsible', english)).toBe('Follow-ups row 12 Responsible');
    expect(issueFieldLabel(entity(), 'followUps.2', zh)).toBe('跟进事项 第3行');
    expect(issueFieldLabel(entity(), 'subject', zh)).toBe('主题');
  });

  it('leaves a path that names nothing known as it is', async () => {
    const zh = await translator('zh-cn');
    for (const path of ['followUps.x.responsible', 'followUps.0.nothing', 'subject.0.responsible', 'followUps.0.responsible.deeper', 'nothing']) {
      expect(issueFieldLabel(entity(), path, zh)).toBe(path);
    }
  });
});
