import type { EntityMessages, FieldDef, FieldRule } from '../../runtime/core/schema';
import type { DesignDocument, DesignNode, EntityDocument } from './types';
import { DesignOperationError } from './errors';
import { assertFreeFieldKey } from './fieldKeys';
import { renameIdentifiers } from './expressionNames';

/**
 * Renames a field key and everything in the document that names it. A key is a column name and
 * the word expressions read, so a rename that missed one place would leave a list column, a
 * filter or a `hiddenWhen` pointing at nothing: the load's consistency check refuses that, and an
 * expression that silently read "empty" would hide a field for ever.
 *
 * Labels: the key `entity.<E>.field.<from>` moves with the field when the entity's own messages
 * hold it; when it is a bundled key (locales/), the field keeps it as an explicit label, so the
 * translation is not lost. Sub-table column labels (`subField.<from>.*`) and option labels
 * (`option.<from>.*`) move the same way.
 */
export function renameFieldKey(document: DesignDocument, from: string, to: string): DesignDocument {
  const entity = document.entity;
  const field = entity.fields.find((f) => f.name === from);
  if (!field) throw new DesignOperationError('designer.error.unknownField', { field: from });
  if (from === to) return document;
  assertFreeFieldKey(document, to);

  const next = structuredClone(entity) as EntityDocument;
  const name = (value: string) => (value === from ? to : value);
  const names = (list: string[] | undefined) => list?.map(name);
  const renames = new Map([[from, to]]);
  const expression = (source: string | undefined) => (source === undefined ? undefined : renameIdentifiers(source, renames));
  const rules = (list: FieldRule[] | undefined) => list?.forEach((rule) => {
    if (rule.expression !== undefined) rule.expression = expression(rule.expression);
  });
  const set = <T extends object, K extends keyof T>(holder: T | undefined, key: K, map: (v: T[K]) => T[K]) => {
    if (holder && holder[key] !== undefined) holder[key] = map(holder[key]);
  };
  const doc = next as Record<string, any>;

  // Labels and messages first, while the field still has its old name.
  const prefix = `entity.${entity.name}.`;
  const messages = next.messages as EntityMessages | undefined;
  const held = (key: string) => messages !== undefined && (key in messages['zh-cn'] || key in messages.en);
  const moved = fieldKeyMover(entity.name, from, to);
  const relabel = (def: FieldDef, derived: string) => {
    const effective = def.label ?? derived;
    const target = moved(effective);
    if (target === effective) return;
    if (held(effective)) {
      if (def.label !== undefined) def.label = target;
    } else if (def.label === undefined) {
      def.label = effective; // a bundled key: keep reading it
    }
  };
  const renamed = next.fields.find((f) => f.name === from)!;
  relabel(renamed, `${prefix}field.${from}`);
  renamed.fields?.forEach((column) => relabel(column, `${prefix}subField.${from}.${column.name}`));
  renamed.options?.forEach((option) => { if (held(option.label)) option.label = moved(option.label); });
  if (messages) {
    for (const language of ['zh-cn', 'en'] as const) {
      messages[language] = Object.fromEntries(Object.entries(messages[language]).map(([key, text]) => [moved(key), text]));
    }
  }
  renamed.name = to;

  // The record's own rules read record fields; a sub-table row's rules read that row (left alone).
  next.fields.forEach((f) => rules(f.rules));
  set(doc, 'key', name);
  set(doc, 'labelField', name);
  set(doc, 'sortField', name);
  set(doc, 'parentField', name);
  set(doc, 'pickerFields', names);
  const list = doc.list;
  if (list) {
    list.columns?.forEach((column: { prop: string }) => { column.prop = name(column.prop); });
    list.filters?.forEach((filter: { field: string }) => { filter.field = name(filter.field); });
    set(list, 'keywordFields', names);
    if (list.defaultSort) set(list.defaultSort, 'prop', name);
    const my = list.scopes?.my;
    if (my) {
      set(my, 'ownerField', name);
      // `<subTable>.<user column>`: only the sub-table part is a field of this entity.
      set(my, 'participants', (refs: string[]) => refs.map((ref) => {
        const [head, ...rest] = ref.split('.');
        return [name(head), ...rest].join('.');
      }));
    }
  }
  doc.indexes?.forEach((index: { columns: string[] }) => { index.columns = index.columns.map(name); });
  if (doc.securityReview) set(doc.securityReview, 'fields', names);
  doc.details?.sections?.forEach((section: { fields: string[] }) => { section.fields = section.fields.map(name); });
  if (doc.flow) {
    set(doc.flow, 'field', name);
    doc.flow.transitions?.forEach((t: Record<string, any>) => {
      set(t, 'fields', names);
      set(t, 'opinionField', name);
      set(t, 'guard', expression);
    });
  }
  if (doc.workflow) {
    // The binding's status field is `status` when the file leaves it out: renaming that field names it.
    if (doc.workflow.statusField === undefined && from === 'status') doc.workflow.statusField = to;
    else set(doc.workflow, 'statusField', name);
  }
  doc.actions?.forEach((action: Record<string, any>) => {
    set(action, 'fields', names);
    set(action, 'visibleWhen', expression);
    // An action's page path names row fields in braces: /bpm/designer/{processId}.
    set(action, 'open', (path: string) => path.split(`{${from}}`).join(`{${to}}`));
  });

  return { entity: next, tree: renameInTree(document, from, to, expression) };
}

function renameInTree(
  document: DesignDocument, from: string, to: string, expression: (s: string | undefined) => string | undefined,
): DesignDocument['tree'] {
  const nodes: Record<string, DesignNode> = {};
  let changed = false;
  for (const node of Object.values(document.tree.nodes)) {
    if (node.kind !== 'field') { nodes[node.id] = node; continue; }
    const props: Record<string, unknown> = { ...node.props };
    if (props.field === from) props.field = to;
    for (const key of ['hiddenWhen', 'requiredWhen', 'disabledWhen'] as const) {
      if (typeof props[key] === 'string') props[key] = expression(props[key] as string);
    }
    if (Array.isArray(props.rules)) {
      props.rules = (props.rules as FieldRule[]).map((rule) => (rule.expression === undefined ? rule : { ...rule, expression: expression(rule.expression) }));
    }
    const same = Object.keys(props).every((key) => JSON.stringify(props[key]) === JSON.stringify(node.props[key]));
    nodes[node.id] = same ? node : { ...node, props };
    changed ||= !same;
  }
  return changed ? { rootId: document.tree.rootId, nodes } : document.tree;
}

/**
 * The i18n keys that belong to a field by its key — its label, its sub-table columns' labels, its
 * options' labels — mapped to the same keys of another field key (rename and duplicate).
 */
export function fieldKeyMover(entityName: string, from: string, to: string): (key: string) => string {
  const prefix = `entity.${entityName}.`;
  const moves: [string, string][] = [
    [`${prefix}field.${from}`, `${prefix}field.${to}`],
    [`${prefix}subField.${from}.`, `${prefix}subField.${to}.`],
    [`${prefix}option.${from}.`, `${prefix}option.${to}.`],
  ];
  return (key) => {
    for (const [old, neu] of moves) {
      if (old.endsWith('.') ? key.startsWith(old) : key === old) return neu + key.slice(old.length);
    }
    return key;
  };
}
