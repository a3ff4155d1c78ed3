import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputsRequiredBy } from '../../../runtime/core/expression';
import { OPINION_LABELS, opinionLabel, transitionForm } from '../../../runtime/core/flow';
import { buildRegistry, SchemaError, type SchemaSource } from '../../../runtime/core/schema';
import type { EntityDef, FlowTransition } from '../../../runtime/core/schema/types';
import { readSchemaSources } from '../../../server/schema/loadRegistry';

/** Issue 12.8: the transition dialog labels its opinion by what the transition does and marks what it needs. */
const registry = buildRegistry(readSchemaSources(path.resolve('schemas')));
const entity = (name: string): EntityDef => registry.entities.get(name)!;
const transition = (e: EntityDef, name: string): FlowTransition => e.flow!.transitions.find((t) => t.name === name)!;
const summary = (e: EntityDef, name: string) => {
  const form = transitionForm(e, transition(e, name));
  return { fields: form.fields.map((f) => [f.field.name, f.required]), opinion: form.opinion };
};

describe('what a guard requires of the caller', () => {
  it('finds inputs a top-level condition refuses empty, however it is worded', () => {
    expect([...inputsRequiredBy('!isEmpty(returnMileage)', ['returnMileage', 'opinion'])]).toEqual(['returnMileage']);
    expect([...inputsRequiredBy('len(trim(opinion)) > 0', ['opinion'])]).toEqual(['opinion']);
    expect([...inputsRequiredBy('km > 0 && len(opinion) > 0', ['km', 'opinion'])].sort()).toEqual(['km', 'opinion']);
  });

  it('does not call an input required when the condition may pass without it', () => {
    // The record may satisfy the first half; the opinion is then optional.
    expect(inputsRequiredBy('amount < 5000 || len(opinion) > 0', ['opinion']).size).toBe(0);
    // A condition over the stored record alone asks nothing of the caller.
    expect(inputsRequiredBy('passengers <= 7', ['opinion']).size).toBe(0);
    expect(inputsRequiredBy(undefined, ['opinion']).size).toBe(0);
    expect(inputsRequiredBy('isEmpty(opinion) || len(opinion) < 10', ['opinion']).size).toBe(0);
  });
});

describe('the dialog of each transition', () => {
  const vehicle = entity('OfficeVehicleApply');

  it('labels the opinion by the transition: reason for a rejection, approval opinion for an approval, remarks otherwise', () => {
    expect(summary(vehicle, 'reject').opinion).toEqual({ label: OPINION_LABELS.reason, required: true });
    expect(summary(vehicle, 'approve').opinion).toEqual({ label: OPINION_LABELS.approval, required: false });
    // Giving the car back is no approval: its box is a remark, and the mileage is required (the guard says so).
    expect(summary(vehicle, 'giveBack')).toEqual({ fields: [['returnMileage', true]], opinion: { label: OPINION_LABELS.remark, required: false } });
    // The dispatcher assigns the vehicle and the driver (optional: an application may need neither) with a note.
    expect(summary(vehicle, 'approve').fields).toEqual([['vehicle', false], ['driver', false], ['dispatchRemark', false]]);
  });

  it('lets the schema name the label', () => {
    const named = { ...transition(vehicle, 'giveBack'), opinionLabel: 'entity.OfficeVehicleApply.opinion.giveBack' };
    expect(opinionLabel(named)).toBe('entity.OfficeVehicleApply.opinion.giveBack');
  });

  it('shows one box when the transition names its own field as the opinion', () => {
    const outing = entity('OfficeOut');
    expect(summary(outing, 'approve')).toEqual({ fields: [['approveRemark', false]], opinion: null });
    expect(summary(outing, 'reject').opinion).toEqual({ label: OPINION_LABELS.reason, required: true });
  });
});

describe('opinionField in the schema', () => {
  const moduleDoc = { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] };
  const load = (transitionExtra: Record<string, unknown>) => buildRegistry([
    { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: moduleDoc },
    {
      file: 'schemas/demo/DemoTrip.json', module: 'demo', kind: 'entity', doc: {
        formatVersion: 1, name: 'DemoTrip', title: 'entity.DemoTrip.title', table: 'demo_trip', key: 'tripId',
        fields: [{ name: 'note', type: 'text' }, { name: 'km', type: 'number' }, { name: 'state', type: 'status' }],
        flow: { field: 'state', initial: 'draft', states: [{ name: 'draft', label: 'a' }, { name: 'done', label: 'b' }],
          transitions: [{ name: 'finish', label: 'f', call: 'finishDemoTrip', from: ['draft'], to: 'done', fields: ['note', 'km'], ...transitionExtra }] },
      },
    },
  ] as SchemaSource[]);

  it('must be one of the transition\'s text fields: anything else stops the load at its pointer', () => {
    expect(() => load({ opinionField: 'note' })).not.toThrow();
    for (const wrong of ['km', 'elsewhere']) {
      let error: unknown;
      try { load({ opinionField: wrong }); } catch (caught) { error = caught; }
      expect(error).toBeInstanceOf(SchemaError);
      expect((error as SchemaError).pointer).toBe('/flow/transitions/0/opinionField');
      expect((error as SchemaError).message).toContain(wrong);
    }
  });
});
