import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import zhCn from '../../../../locales/zh-cn.json';
import { bindingIssues, validateDefinition, type ProcessDefinition } from '../../../../runtime/core/bpm';
import { normaliseEntity } from '../../../../runtime/core/schema';
import { emptyDefinition, updateNode } from '../../../../src/pages/bpm/designer/definitionGraph';
import { bindEntity, declareGrantedFields, grantableEntityFields, permissionFields } from '../../../../src/pages/bpm/designer/entityBinding';

/** The demo bound entity, normalised as the server hands it to getEntitySchema. */
const sealApply = normaliseEntity(JSON.parse(fs.readFileSync('schemas/bpm/BpmSealApply.json', 'utf8')) as Record<string, unknown>, 'bpm');

/** Chinese labels as the screen shows them: an i18n key translated, a text as typed. */
const zh = (text: string): string => {
  const found = text.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), zhCn);
  return typeof found === 'string' ? found : text;
};

/** start → 行政部用印 (handle) → end, bound to BpmSealApply as the demo sealApply is. */
function boundProcess(): ProcessDefinition {
  const blank = emptyDefinition('sealApply', '用印审批', '提交', '结束');
  const withStamp: ProcessDefinition = {
    ...blank,
    entity: 'BpmSealApply',
    formFields: ['sealType'],
    nodes: [...blank.nodes, { id: 'stamp', kind: 'handle', name: '行政部用印', assignees: [{ kind: 'initiator' }] }],
    edges: [{ from: 'start', to: 'stamp' }, { from: 'stamp', to: 'end' }],
  };
  return withStamp;
}
const stampOf = (def: ProcessDefinition) => def.nodes.find((n) => n.id === 'stamp')!;

describe('form permissions of a process bound to an entity (docs/WORKFLOW.md › Designer)', () => {
  it('lists every field of the bound entity by its translated label, not only the declared names', () => {
    const def = boundProcess();
    const rows = permissionFields(def, stampOf(def), sealApply, zh);
    expect(rows).toEqual([
      { name: 'title', label: '标题' }, { name: 'sealType', label: '印章类型' }, { name: 'copies', label: '用印份数' },
      { name: 'useDate', label: '用印日期' }, { name: 'amount', label: '合同金额' }, { name: 'reason', label: '用印事由' },
      { name: 'stampRemark', label: '用印说明' },
    ]);
    // Never the engine's status field nor the system fields.
    expect(grantableEntityFields(sealApply).map((f) => f.name)).not.toContain('status');
    expect(rows.map((r) => r.name)).not.toContain('createUser');
  });

  it('keeps a granted name the entity lacks, marked, so it can be set back', () => {
    const def = updateNode(boundProcess(), 'stamp', { formPerms: { stampRemark: 'edit', oldField: 'hidden' } });
    const rows = permissionFields(def, stampOf(def), sealApply, zh);
    expect(rows.at(-1)).toEqual({ name: 'oldField', label: 'oldField', unknown: true });
    expect(bindingIssues(def, sealApply)).toEqual([{ pointer: '/nodes/2/formPerms', code: 'unknownField', params: { node: 'stamp', name: 'oldField' } }]);
  });

  it('falls back to the names the definition holds while the schema is not at hand, and labels an unbound process by its typed fields', () => {
    const bound = updateNode(boundProcess(), 'stamp', { formPerms: { amount: 'hidden' } });
    expect(permissionFields(bound, stampOf(bound), undefined, zh)).toEqual([{ name: 'sealType', label: 'sealType' }, { name: 'amount', label: 'amount' }]);

    const unbound: ProcessDefinition = {
      ...bindEntity(boundProcess(), undefined),
      fields: [{ key: 'days', type: 'number', label: 'bpm.form.days' }, { key: 'note', type: 'text', label: '备注' }],
      formFields: ['days', 'note', 'extra'],
    };
    expect(permissionFields(unbound, stampOf(unbound), undefined, zh)).toEqual([
      { name: 'days', label: '请假天数' }, { name: 'note', label: '备注' }, { name: 'extra', label: 'extra' },
    ]);
  });

  it('declares each granted entity field, so the engine accepts the permission', () => {
    const granted = updateNode(boundProcess(), 'stamp', { formPerms: { reason: 'read', stampRemark: 'edit', amount: 'hidden', oldField: 'hidden' } });
    // Without the declaration the engine refuses every name formFields lacks.
    expect(validateDefinition(granted, { meta: false }).filter((i) => i.code === 'unknownField').map((i) => i.params.name)).toEqual(['reason', 'stampRemark', 'amount', 'oldField']);
    const declared = declareGrantedFields(granted, sealApply);
    expect(declared.formFields).toEqual(['sealType', 'reason', 'stampRemark', 'amount']);
    // Only the name the entity lacks is left to fix.
    expect(validateDefinition(declared, { meta: false }).map((i) => i.params.name)).toEqual(['oldField']);
    // Nothing changes for an unbound process or before the schema is loaded.
    expect(declareGrantedFields(granted, undefined)).toBe(granted);
    expect(declareGrantedFields(bindEntity(granted, undefined), sealApply).formFields).toEqual(['sealType']);
  });

  it('binds and unbinds: the typed fields give way to the entity\'s form, hand-declared names stay', () => {
    const typed: ProcessDefinition = {
      ...bindEntity(boundProcess(), undefined),
      fields: [{ key: 'days', type: 'number', label: '天数' }],
      formFields: ['days', 'sealType'],
    };
    expect(typed.entity).toBeUndefined();
    const bound = bindEntity(typed, 'BpmSealApply');
    expect(bound).toMatchObject({ entity: 'BpmSealApply', formFields: ['sealType'] });
    expect(bound.fields).toBeUndefined();
    expect(bindingIssues(bound, sealApply)).toEqual([]);
    const unbound = bindEntity(bound, undefined);
    expect('entity' in unbound).toBe(false);
    expect(unbound.formFields).toEqual(['sealType']);
  });
});
