import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchemaSources } from '../../../../server/schema/loadRegistry';
import { buildRegistry, SchemaError, type SchemaSource } from '../../../../runtime/core/schema';
import { bindingIssues, bindingStatusAfter, isFrozenRecord, isSubmittableRecord, validateDefinition } from '../../../../runtime/core/bpm';
import { isEditableState } from '../../../../runtime/core/flow';
import sealApply from '../../../../server/modules/bpm/processes/sealApply.json';

/** An entity of a throwaway module with the given `workflow` (and maybe a `flow`). */
const sources = (extra: Record<string, unknown>, fields: Record<string, unknown>[] = [{ name: 'title', type: 'string' }, { name: 'status', type: 'options', readOnly: true, options: [{ label: 'x', value: 'draft' }] }]): SchemaSource[] => [
  { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] } },
  { file: 'schemas/demo/DemoApply.json', module: 'demo', kind: 'entity', doc: { formatVersion: 1, name: 'DemoApply', title: 'entity.DemoApply.title', table: 'demo_apply', key: 'applyId', fields, ...extra } },
];

function refusal(extra: Record<string, unknown>, fields?: Record<string, unknown>[]): SchemaError {
  try {
    buildRegistry(sources(extra, fields));
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error;
  }
  throw new Error('the schema was accepted');
}

describe('the workflow binding of an entity schema (docs/WORKFLOW.md › Binding)', () => {
  it('fills the defaults: status field, draft, running and the outcomes\' own words', () => {
    const entity = buildRegistry(sources({ workflow: { process: 'demo', outcomes: { rejected: 'back' } } })).entities.get('DemoApply')!;
    expect(entity.workflow).toEqual({
      process: 'demo', statusField: 'status', draft: 'draft', running: 'running',
      outcomes: { approved: 'approved', rejected: 'back', terminated: 'terminated' },
    });
  });

  it('refuses a status field that is missing or not a status-like field, a flow beside it, and unknown keys', () => {
    expect(refusal({ workflow: { process: 'demo', statusField: 'state' } }).pointer).toBe('/workflow/statusField');
    expect(refusal({ workflow: { process: 'demo' } }, [{ name: 'title', type: 'string' }, { name: 'status', type: 'integer' }]).pointer).toBe('/workflow/statusField');
    const both = refusal({
      workflow: { process: 'demo' },
      flow: { field: 'status', initial: 'draft', states: [{ name: 'draft', label: 'x' }], transitions: [] },
    }, [{ name: 'title', type: 'string' }, { name: 'status', type: 'status' }]);
    expect(both.pointer).toBe('/workflow');
    expect(() => buildRegistry(sources({ workflow: { process: 'demo', frozen: true } }))).toThrow(SchemaError);
  });

  it('leaves the record its author\'s while a draft or sent back; frozen while running, closed once approved or moved on', () => {
    const entity = buildRegistry(readSchemaSources(path.resolve('schemas'))).entities.get('BpmSealApply')!;
    const binding = entity.workflow!;
    expect(isFrozenRecord(binding, { status: 'running' })).toBe(true);
    expect(isFrozenRecord(binding, { status: 'approved' })).toBe(false);
    const statuses = [null, 'draft', 'running', 'approved', 'rejected', 'terminated', 'distributed'];
    expect(statuses.map((status) => isEditableState(entity, { status }))).toEqual([true, true, false, false, true, true, false]);
    expect(statuses.map((status) => isSubmittableRecord(binding, { status }))).toEqual([true, true, false, false, true, true, false]);
  });

  it('derives the status after a step: outcome, draft back at the start node, running otherwise', () => {
    const entity = buildRegistry(readSchemaSources(path.resolve('schemas'))).entities.get('BpmSealApply')!;
    const binding = entity.workflow!;
    expect(bindingStatusAfter(binding, { status: 'running', activeNodes: ['leader'] }, 'start')).toBe('running');
    expect(bindingStatusAfter(binding, { status: 'running', activeNodes: ['start'] }, 'start')).toBe('draft');
    expect(bindingStatusAfter(binding, { status: 'approved', activeNodes: [] }, 'start')).toBe('approved');
    expect(bindingStatusAfter(binding, { status: 'terminated', activeNodes: [] }, 'start')).toBe('terminated');
  });
});

describe('a process definition bound to an entity', () => {
  const registry = buildRegistry(readSchemaSources(path.resolve('schemas')));
  const def = { ...sealApply, nodes: sealApply.nodes } as unknown as Parameters<typeof bindingIssues>[0];

  it('the demo sealApply passes the format and names BpmSealApply\'s fields', () => {
    expect(validateDefinition(sealApply)).toEqual([]);
    expect(bindingIssues(def, registry.entities.get('BpmSealApply'))).toEqual([]);
  });

  it('refuses an unknown or unbound entity and fields the entity does not have', () => {
    expect(bindingIssues(def, undefined)).toEqual([{ pointer: '/entity', code: 'unknownEntity', params: { name: 'BpmSealApply' } }]);
    expect(bindingIssues(def, registry.entities.get('OfficeVehicleApply'))[0].code).toBe('unknownEntity');
    const wrong = { ...def, formFields: ['copies', 'colour'], nodes: [{ id: 'a', kind: 'approve', name: 'A', formPerms: { weight: 'hidden' } }] } as typeof def;
    expect(bindingIssues(wrong, registry.entities.get('BpmSealApply'))).toEqual([
      { pointer: '/formFields/1', code: 'unknownField', params: { node: '-', name: 'colour' } },
      { pointer: '/nodes/0/formPerms', code: 'unknownField', params: { node: 'a', name: 'weight' } },
    ]);
  });

  it('accepts the due actions and refuses others', () => {
    const withDue = (dueAction: string) => ({ ...sealApply, nodes: sealApply.nodes.map((n) => (n.id === 'leader' ? { ...n, dueAction } : n)) });
    for (const action of ['remind', 'autoAgree', 'autoReject']) expect(validateDefinition(withDue(action))).toEqual([]);
    expect(validateDefinition(withDue('escalate'))[0]).toMatchObject({ code: 'format' });
  });
});
