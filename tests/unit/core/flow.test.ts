import { describe, expect, it } from 'vitest';
import {
  availableTransitions, checkTransition, findTransitionByCall, initialState, isEditableState, ownerOf,
} from '../../../runtime/core/flow';
import type { FlowActor, TransitionCheck } from '../../../runtime/core/flow';
import type { EntityDef, FlowDef } from '../../../runtime/core/schema/types';

const VEHICLE_FLOW: FlowDef = {
  field: 'status',
  initial: 'applied',
  editableIn: ['applied'],
  states: [
    { name: 'applied', label: 'flow.applied' },
    { name: 'approved', label: 'flow.approved' },
    { name: 'rejected', label: 'flow.rejected' },
    { name: 'returned', label: 'flow.returned' },
  ],
  transitions: [
    {
      name: 'approve', call: 'approveOfficeVehicleApply', label: 'action.approve', from: ['applied'], to: 'approved',
      roles: ['dispatcher'], guard: 'passengers <= 7', guardMessage: 'office.vehicle.tooManyPassengers',
    },
    {
      name: 'reject', call: 'rejectOfficeVehicleApply', label: 'action.reject', from: ['applied'], to: 'rejected',
      roles: ['dispatcher'], guard: 'len(trim(opinion)) > 0',
    },
    {
      name: 'return', call: 'returnOfficeVehicleApply', label: 'action.return', from: ['approved'], to: 'returned',
      roles: ['fleetManager'], owner: true, fields: ['mileage'], guard: 'number(mileage) > 0',
    },
    {
      name: 'reopen', call: 'reopenOfficeVehicleApply', label: 'action.reopen', from: ['rejected', 'returned'], to: 'applied',
      roles: [],
    },
  ],
};

function vehicleApply(overrides: Partial<EntityDef> = {}): EntityDef {
  return {
    formatVersion: 1,
    name: 'OfficeVehicleApply',
    module: 'office',
    title: 'entity.OfficeVehicleApply.title',
    table: 'office_vehicle_apply',
    key: 'applyId',
    labelField: 'reason',
    fields: [
      { name: 'applyId', type: 'string', label: 'id', system: true },
      { name: 'reason', type: 'string', label: 'reason', required: true },
      { name: 'passengers', type: 'integer', label: 'passengers' },
      { name: 'applicant', type: 'user', label: 'applicant' },
      { name: 'mileage', type: 'number', label: 'mileage' },
      { name: 'status', type: 'status', label: 'status' },
    ],
    list: {
      columns: [{ prop: 'reason' }],
      filters: [],
      keywordFields: ['reason'],
      defaultSort: { prop: 'createTime', order: 'descending' },
      scopes: { manage: true },
    },
    form: { layout: [] },
    details: { sections: [{ fields: ['reason'] }] },
    flow: VEHICLE_FLOW,
    permissions: {},
    calls: ['list', 'view', 'insert', 'update', 'delete'],
    importExport: { import: false, export: false },
    dataScope: true,
    pickerOpen: false,
    personal: false,
    single: false,
    pickerFields: [],
    actions: [],
    ...overrides,
  };
}

const dispatcher: FlowActor = { userId: 'd1', roles: ['dispatcher'] };
const applicant: FlowActor = { userId: 'u1', roles: ['staff'] };
const stranger: FlowActor = { userId: 'u9', roles: ['staff'] };
const admin: FlowActor = { userId: 'a1', roles: ['admin'] };

const applied = { applyId: 'v1', reason: 'airport', passengers: 3, status: 'applied', createUser: 'u1' };
const approved = { ...applied, status: 'approved' };

const refusal = (check: TransitionCheck) => (check.ok ? 'ok' : [check.reason, check.message]);

describe('checkTransition', () => {
  it('lets a dispatcher approve an applied request, naming the target state', () => {
    const check = checkTransition(vehicleApply(), applied, dispatcher, 'approve');
    expect(check).toEqual({ ok: true, transition: VEHICLE_FLOW.transitions[0], to: 'approved' });
  });

  it('noFlow: the entity has no approval flow', () => {
    expect(refusal(checkTransition(vehicleApply({ flow: undefined }), applied, dispatcher, 'approve'))).toEqual(['noFlow', 'flow.noFlow']);
  });

  it('unknownTransition: no transition of that name', () => {
    expect(refusal(checkTransition(vehicleApply(), applied, dispatcher, 'archive'))).toEqual(['unknownTransition', 'flow.unknownTransition']);
    expect(refusal(checkTransition(vehicleApply(), applied, dispatcher, 'approveOfficeVehicleApply'))).toEqual(['unknownTransition', 'flow.unknownTransition']);
  });

  it('wrongState: the record is not in a state the transition starts from', () => {
    expect(refusal(checkTransition(vehicleApply(), approved, dispatcher, 'approve'))).toEqual(['wrongState', 'flow.wrongState']);
    expect(refusal(checkTransition(vehicleApply(), applied, applicant, 'return', { mileage: 10 }))).toEqual(['wrongState', 'flow.wrongState']);
  });

  it('treats a record without a state as being in the initial state', () => {
    const { status: _omitted, ...stateless } = applied;
    expect(checkTransition(vehicleApply(), stateless, dispatcher, 'approve').ok).toBe(true);
    expect(checkTransition(vehicleApply(), { ...applied, status: '' }, dispatcher, 'approve').ok).toBe(true);
    expect(checkTransition(vehicleApply(), { ...applied, status: null }, dispatcher, 'approve').ok).toBe(true);
  });

  it('roleNotAllowed: the actor holds none of the roles and is not an allowed owner', () => {
    expect(refusal(checkTransition(vehicleApply(), applied, applicant, 'approve'))).toEqual(['roleNotAllowed', 'flow.roleNotAllowed']);
    expect(refusal(checkTransition(vehicleApply(), approved, stranger, 'return', { mileage: 10 }))).toEqual(['roleNotAllowed', 'flow.roleNotAllowed']);
  });

  it('roleNotAllowed: the admin role does not bypass a dispatcher-only transition', () => {
    expect(refusal(checkTransition(vehicleApply(), applied, admin, 'approve'))).toEqual(['roleNotAllowed', 'flow.roleNotAllowed']);
  });

  it('owner transitions: the record\'s creator may take them, as may the listed roles', () => {
    expect(checkTransition(vehicleApply(), approved, applicant, 'return', { mileage: 42 }).ok).toBe(true);
    expect(checkTransition(vehicleApply(), approved, { userId: 'm1', roles: ['fleetManager'] }, 'return', { mileage: 42 }).ok).toBe(true);
  });

  it('owner transitions: the owner is the my-scope owner field when the entity declares one', () => {
    const entity = vehicleApply({
      list: { ...vehicleApply().list, scopes: { manage: true, my: { ownerField: 'applicant' } } },
    });
    const record = { ...approved, createUser: 'clerk', applicant: 'u1' };
    expect(checkTransition(entity, record, applicant, 'return', { mileage: 42 }).ok).toBe(true);
    expect(refusal(checkTransition(entity, record, { userId: 'clerk', roles: [] }, 'return', { mileage: 42 }))[0]).toBe('roleNotAllowed');
  });

  it('owner transitions: an id stored as a number matches the same id as text, an empty owner matches nobody', () => {
    expect(checkTransition(vehicleApply(), { ...approved, createUser: 7 }, { userId: '7', roles: [] }, 'return', { mileage: 1 }).ok).toBe(true);
    expect(refusal(checkTransition(vehicleApply(), { ...approved, createUser: '' }, { userId: '', roles: [] }, 'return', { mileage: 1 }))[0]).toBe('roleNotAllowed');
  });

  it('a transition with no roles is open to anyone who reached it', () => {
    expect(checkTransition(vehicleApply(), { ...applied, status: 'rejected' }, stranger, 'reopen').ok).toBe(true);
  });

  it('owner: true without roles is the owner\'s alone (issue 12.11), with roles it is owner or role', () => {
    const ownerOnly = vehicleApply({
      flow: { ...VEHICLE_FLOW, transitions: VEHICLE_FLOW.transitions.map((t) => (t.name === 'reopen' ? { ...t, owner: true } : t)) },
    });
    const rejected = { ...applied, status: 'rejected' };
    expect(checkTransition(ownerOnly, rejected, applicant, 'reopen').ok).toBe(true);
    expect(refusal(checkTransition(ownerOnly, rejected, stranger, 'reopen'))[0]).toBe('roleNotAllowed');
    expect(refusal(checkTransition(ownerOnly, rejected, dispatcher, 'reopen'))[0]).toBe('roleNotAllowed');
    expect(availableTransitions(ownerOnly, rejected, stranger).map((t) => t.name)).not.toContain('reopen');
  });

  it('guardRefused: uses the transition\'s guardMessage when it has one', () => {
    expect(refusal(checkTransition(vehicleApply(), { ...applied, passengers: 9 }, dispatcher, 'approve')))
      .toEqual(['guardRefused', 'office.vehicle.tooManyPassengers']);
  });

  it('guardRefused: falls back to flow.guardRefused, and sees the input (opinion)', () => {
    expect(refusal(checkTransition(vehicleApply(), applied, dispatcher, 'reject'))).toEqual(['guardRefused', 'flow.guardRefused']);
    expect(refusal(checkTransition(vehicleApply(), applied, dispatcher, 'reject', { opinion: '   ' }))).toEqual(['guardRefused', 'flow.guardRefused']);
    expect(checkTransition(vehicleApply(), applied, dispatcher, 'reject', { opinion: 'no car free' }).ok).toBe(true);
  });

  it('guardRefused: input may overlay only opinion and the transition\'s fields, never other stored values', () => {
    const crowded = { ...applied, passengers: 9 };
    expect(refusal(checkTransition(vehicleApply(), crowded, dispatcher, 'approve', { passengers: 1 }))[0]).toBe('guardRefused');
    expect(checkTransition(vehicleApply(), approved, applicant, 'return', { mileage: 12 }).ok).toBe(true);
    expect(refusal(checkTransition(vehicleApply(), { ...approved, mileage: 5 }, applicant, 'return', { mileage: 0 }))[0]).toBe('guardRefused');
  });

  it('guardRefused: a guard that cannot be evaluated refuses rather than lets through', () => {
    const broken = vehicleApply({
      flow: { ...VEHICLE_FLOW, transitions: [{ ...VEHICLE_FLOW.transitions[0], guard: 'passengers <=' }] },
    });
    expect(refusal(checkTransition(broken, applied, dispatcher, 'approve'))[0]).toBe('guardRefused');
    const withClassInstance = { ...applied, passengers: new Map() };
    expect(refusal(checkTransition(vehicleApply(), withClassInstance, dispatcher, 'approve'))[0]).toBe('guardRefused');
  });

  it('checks in order: state before role before guard', () => {
    const crowdedApproved = { ...approved, passengers: 9 };
    expect(refusal(checkTransition(vehicleApply(), crowdedApproved, applicant, 'approve'))[0]).toBe('wrongState');
    expect(refusal(checkTransition(vehicleApply(), { ...applied, passengers: 9 }, applicant, 'approve'))[0]).toBe('roleNotAllowed');
  });
});

describe('availableTransitions', () => {
  const names = (list: { name: string }[]) => list.map((t) => t.name);

  it('offers a dispatcher approve and reject on an applied request; a guard over input does not hide reject', () => {
    expect(names(availableTransitions(vehicleApply(), applied, dispatcher))).toEqual(['approve', 'reject']);
  });

  it('hides a transition whose guard already fails on the stored record', () => {
    expect(names(availableTransitions(vehicleApply(), { ...applied, passengers: 9 }, dispatcher))).toEqual(['reject']);
  });

  it('offers the owner return on an approved request, and nothing to a stranger', () => {
    expect(names(availableTransitions(vehicleApply(), approved, applicant))).toEqual(['return']);
    expect(names(availableTransitions(vehicleApply(), approved, stranger))).toEqual([]);
    expect(names(availableTransitions(vehicleApply(), applied, applicant))).toEqual([]);
  });

  it('is empty for an entity without a flow', () => {
    expect(availableTransitions(vehicleApply({ flow: undefined }), applied, dispatcher)).toEqual([]);
  });

  it('offers no button for a transition only the module\'s own call takes (moduleCall)', () => {
    const byModule = vehicleApply({ flow: { ...VEHICLE_FLOW, transitions: VEHICLE_FLOW.transitions.map((t) => (t.name === 'approve' ? { ...t, moduleCall: true } : t)) } });
    expect(names(availableTransitions(byModule, applied, dispatcher))).toEqual(['reject']);
    // It is still a transition of the flow: checkTransition knows it.
    expect(checkTransition(byModule, applied, dispatcher, 'approve').ok).toBe(true);
  });
});

describe('ownerOf, findTransitionByCall, initialState', () => {
  it('ownerOf reads createUser unless the my scope names another owner field', () => {
    expect(ownerOf(vehicleApply(), { createUser: 'u1', applicant: 'u2' })).toBe('u1');
    const entity = vehicleApply({ list: { ...vehicleApply().list, scopes: { manage: true, my: { ownerField: 'applicant' } } } });
    expect(ownerOf(entity, { createUser: 'u1', applicant: 'u2' })).toBe('u2');
  });

  it('findTransitionByCall maps a call name to its transition', () => {
    expect(findTransitionByCall(vehicleApply(), 'rejectOfficeVehicleApply')?.name).toBe('reject');
    expect(findTransitionByCall(vehicleApply(), 'reject')).toBeUndefined();
    expect(findTransitionByCall(vehicleApply({ flow: undefined }), 'rejectOfficeVehicleApply')).toBeUndefined();
  });

  it('initialState is the flow\'s initial state, undefined without a flow', () => {
    expect(initialState(vehicleApply())).toBe('applied');
    expect(initialState(vehicleApply({ flow: undefined }))).toBeUndefined();
  });
});

describe('isEditableState', () => {
  it('allows edits only in the states the flow lists, by default the initial one', () => {
    const entity = vehicleApply();
    expect(isEditableState(entity, applied)).toBe(true);
    expect(isEditableState(entity, approved)).toBe(false);
    expect(isEditableState(entity, { ...applied, status: null })).toBe(true);
    const lenient = vehicleApply({ flow: { ...VEHICLE_FLOW, editableIn: ['applied', 'approved'] } });
    expect(isEditableState(lenient, approved)).toBe(true);
    expect(isEditableState({ ...entity, flow: undefined }, approved)).toBe(true);
  });
});
