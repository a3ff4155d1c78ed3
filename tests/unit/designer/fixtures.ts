import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fromEntityDocument } from '../../../designer/core';
import type { DesignDocument } from '../../../designer/core';

/** A schema file of the suite as it is on disk. */
export function schemaFile(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(resolve(__dirname, '../../../schemas', path), 'utf8')) as Record<string, unknown>;
}

/** Deterministic ids for tests: n1, n2, … */
export function counterIds(prefix = 'n'): () => string {
  let n = 0;
  return () => `${prefix}${(n += 1)}`;
}

/** HrContract: tabs, a grid of nine cols, hiddenWhen/requiredWhen, a record rule, list, details, indexes. */
export function hrContract(): DesignDocument {
  return fromEntityDocument(schemaFile('hr/HrContract.json'), counterIds());
}

/**
 * A document naming its fields in every place a rename must follow: a flow with a guard and an
 * opinion field, an action with fields, visibleWhen and an open path, participants through a
 * sub-table, picker fields, indexes, security review, details, messages.
 */
export function richDocument(): Record<string, unknown> {
  return {
    formatVersion: 1,
    name: 'TripPlan',
    title: 'entity.TripPlan.title',
    table: 'trip_plan',
    key: 'planId',
    labelField: 'subject',
    sortField: 'seq',
    pickerFields: ['subject', 'traveller'],
    securityReview: { all: false, fields: ['budget'] },
    actions: [
      { name: 'copyPlan', call: 'copyTripPlan', label: 'entity.TripPlan.action.copy', fields: ['subject'], visibleWhen: "status == 'done' && budget > 0", open: '/trip/{planId}/{subject}' },
    ],
    messages: {
      'zh-cn': { 'entity.TripPlan.field.subject': '主题', 'entity.TripPlan.subField.legs.city': '城市', 'entity.TripPlan.field.budget': '预算' },
      en: { 'entity.TripPlan.field.subject': 'Subject', 'entity.TripPlan.subField.legs.city': 'City', 'entity.TripPlan.field.budget': 'Budget' },
    },
    fields: [
      { name: 'subject', type: 'string', required: true, maxLength: 100 },
      { name: 'traveller', type: 'user' },
      { name: 'seq', type: 'integer' },
      { name: 'budget', type: 'money', rules: [{ expression: "budget >= 0 && subject != 'budget'", message: 'entity.TripPlan.rule.budget' }] },
      { name: 'needCar', type: 'switch' },
      { name: 'carNote', type: 'text' },
      { name: 'legs', type: 'subTable', fields: [
        { name: 'city', type: 'string', rules: [{ expression: 'len(city) > 0', message: 'entity.TripPlan.rule.city' }] },
        { name: 'guide', type: 'user' },
        { name: 'budget', type: 'money' },
      ] },
      { name: 'opinion', type: 'text' },
      { name: 'status', type: 'status' },
    ],
    list: {
      columns: [{ prop: 'subject' }, { prop: 'budget' }, { prop: 'status' }],
      filters: [{ field: 'subject' }, { field: 'budget' }],
      keywordFields: ['subject'],
      defaultSort: { prop: 'budget', order: 'descending' },
      scopes: { my: { ownerField: 'traveller', participants: ['legs.guide'] }, manage: true },
    },
    indexes: [{ columns: ['budget', 'subject'] }],
    form: {
      layout: [
        { kind: 'grid', id: 'g1', children: [
          { kind: 'col', id: 'c1', span: 12, children: [{ kind: 'field', id: 'f1', field: 'subject' }] },
          { kind: 'col', id: 'c2', span: 12, children: [{ kind: 'field', id: 'f2', field: 'traveller' }] },
        ] },
        { kind: 'tabs', id: 't0', children: [
          { kind: 'tab', id: 't1', title: 'entity.TripPlan.tab.money', children: [
            { kind: 'field', id: 'f3', field: 'budget', requiredWhen: 'needCar == 1 && budget.x != subject', rules: [{ expression: "budget < 100000 || subject == 'big'", message: 'entity.TripPlan.rule.big' }] },
            { kind: 'field', id: 'f4', field: 'needCar' },
            { kind: 'field', id: 'f5', field: 'carNote', hiddenWhen: 'needCar != 1' },
          ] },
          { kind: 'tab', id: 't2', title: 'entity.TripPlan.tab.legs', children: [
            { kind: 'field', id: 'f6', field: 'legs' },
            { kind: 'field', id: 'f7', field: 'seq' },
          ] },
        ] },
      ],
    },
    details: { sections: [{ fields: ['subject', 'budget', 'traveller'] }, { title: 'entity.TripPlan.section.money', fields: ['budget'] }] },
    flow: {
      field: 'status',
      initial: 'draft',
      states: [{ name: 'draft', label: 'entity.TripPlan.state.draft' }, { name: 'done', label: 'entity.TripPlan.state.done' }],
      transitions: [
        { name: 'finish', call: 'finishTripPlan', label: 'entity.TripPlan.transition.finish', from: ['draft'], to: 'done', fields: ['opinion', 'budget'], opinionField: 'opinion', guard: 'budget > 0 && len(opinion) > 0' },
      ],
    },
  };
}
