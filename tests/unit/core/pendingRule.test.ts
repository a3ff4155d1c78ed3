import { describe, expect, it } from 'vitest';
import { pendingRule } from '../../../runtime/core/flow';
import { buildRegistry, type EntityDef, type SchemaSource } from '../../../runtime/core/schema';

/** A leave request: approved by a manager, or by the director above an amount; withdrawn or resubmitted by its owner. */
function leaveEntity(transitions: Record<string, unknown>[]): EntityDef {
  const sources: SchemaSource[] = [
    { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] } },
    {
      file: 'schemas/demo/DemoLeave.json', module: 'demo', kind: 'entity', doc: {
        formatVersion: 1, name: 'DemoLeave', title: 'entity.DemoLeave.title', table: 'demo_leave', key: 'leaveId',
        fields: [{ name: 'days', type: 'integer' }, { name: 'opinionNote', type: 'text' }, { name: 'status', type: 'status' }],
        flow: {
          field: 'status', initial: 'applied',
          states: ['applied', 'approved', 'rejected', 'withdrawn'].map((name) => ({ name, label: `s.${name}` })),
          transitions,
        },
      },
    },
  ];
  return buildRegistry(sources).entities.get('DemoLeave')!;
}

const t = (over: Record<string, unknown>) => ({ call: `${String(over.name)}DemoLeave`, label: 'x', from: ['applied'], to: 'approved', ...over });
const everything = () => true;
const manager = { userId: 'm1', roles: ['manager', 'staff'] };
const staff = { userId: 'u1', roles: ['staff'] };

describe('pendingRule', () => {
  it('puts the states of transitions taken by role among the scoped ones, owner-only ones among the own ones', () => {
    const entity = leaveEntity([
      t({ name: 'approve', roles: ['manager'] }),
      t({ name: 'withdraw', to: 'withdrawn', roles: ['hr'], owner: true }),
      t({ name: 'resubmit', from: ['rejected'], to: 'applied', roles: ['manager'], owner: true }),
    ]);
    expect(pendingRule(entity, manager, everything)).toEqual({ scopedStates: ['applied', 'rejected'], ownStates: ['applied'], judgeEachRecord: false });
    expect(pendingRule(entity, staff, everything)).toEqual({ scopedStates: [], ownStates: ['applied', 'rejected'], judgeEachRecord: false });
  });

  it('leaves out an action that is always at hand (pending: false), such as cancelling one\'s booking', () => {
    const entity = leaveEntity([
      t({ name: 'approve', roles: ['manager'] }),
      t({ name: 'withdraw', from: ['applied', 'approved'], to: 'withdrawn', roles: ['manager'], owner: true, pending: false }),
    ]);
    expect(pendingRule(entity, manager, everything)).toEqual({ scopedStates: ['applied'], ownStates: [], judgeEachRecord: false });
    expect(pendingRule(entity, staff, everything)).toBeUndefined();
  });

  it('counts a transition open to every role as the user\'s by role', () => {
    const entity = leaveEntity([t({ name: 'acknowledge', roles: [] })]);
    expect(pendingRule(entity, staff, everything)?.scopedStates).toEqual(['applied']);
  });

  it('leaves out transitions whose permission the user lacks, and gives nothing when none is left', () => {
    const entity = leaveEntity([t({ name: 'approve', roles: ['manager'] }), t({ name: 'reject', to: 'rejected', roles: ['manager'] })]);
    expect(pendingRule(entity, manager, (transition) => transition.name === 'reject')?.scopedStates).toEqual(['applied']);
    expect(pendingRule(entity, manager, () => false)).toBeUndefined();
    expect(pendingRule(entity, staff, everything)).toBeUndefined();
  });

  it('asks for a record-by-record check only when a guard reads the stored record alone', () => {
    const onInput = leaveEntity([t({ name: 'reject', to: 'rejected', roles: ['manager'], guard: 'len(trim(opinion)) > 0' })]);
    expect(pendingRule(onInput, manager, everything)?.judgeEachRecord).toBe(false);
    const onField = leaveEntity([t({ name: 'approve', roles: ['manager'], fields: ['opinionNote'], guard: '!isEmpty(opinionNote)' })]);
    expect(pendingRule(onField, manager, everything)?.judgeEachRecord).toBe(false);
    const onRecord = leaveEntity([t({ name: 'approve', roles: ['manager'], guard: 'days <= 3' })]);
    expect(pendingRule(onRecord, manager, everything)?.judgeEachRecord).toBe(true);
  });

  it('has nothing to say about an entity without a flow', () => {
    const entity = { ...leaveEntity([t({ name: 'approve', roles: ['manager'] })]), flow: undefined };
    expect(pendingRule(entity, manager, everything)).toBeUndefined();
  });
});
