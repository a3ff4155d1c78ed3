import type { EntityMessages, FieldDef } from '../../runtime/core/schema';
import type { DesignTree, EntityDocument } from './types';
import { contextNameTokens } from './expressionNames';

/**
 * Which parts of a document name a field, for `remove`: a field whose form item goes away is
 * dropped with it unless something besides the list and the details still names it — the key, a
 * sort, an owner, an index, a flow, an action, an expression. Such a field stays declared (off the
 * form), since dropping it would leave that name pointing at nothing and the load would refuse
 * the document; list columns, filters, keyword fields and details entries only show the field
 * and go with it.
 */
const reads = (source: unknown, key: string) => typeof source === 'string' && contextNameTokens(source).some((t) => t.name === key);

export function fieldStillNamed(entity: EntityDocument, tree: DesignTree, key: string): boolean {
  const doc = entity as Record<string, any>;
  const has = (list: unknown) => Array.isArray(list) && list.includes(key);
  if ([doc.key, doc.labelField, doc.sortField, doc.parentField].includes(key)) return true;
  if (has(doc.pickerFields)) return true;
  const list = doc.list ?? {};
  if (list.defaultSort?.prop === key || list.scopes?.my?.ownerField === key) return true;
  if ((list.scopes?.my?.participants ?? []).some((ref: string) => ref.split('.')[0] === key)) return true;
  if ((doc.indexes ?? []).some((index: { columns: string[] }) => has(index.columns))) return true;
  if (has(doc.securityReview?.fields)) return true;
  if (doc.flow && (doc.flow.field === key || doc.flow.transitions?.some((t: Record<string, unknown>) => has(t.fields) || t.opinionField === key || reads(t.guard, key)))) return true;
  if (doc.workflow && (doc.workflow.statusField ?? 'status') === key) return true;
  if ((doc.actions ?? []).some((a: Record<string, unknown>) => has(a.fields) || reads(a.visibleWhen, key) || (typeof a.open === 'string' && a.open.includes(`{${key}}`)))) return true;
  if (entity.fields.some((f) => f.name !== key && f.rules?.some((r) => reads(r.expression, key)))) return true;
  return Object.values(tree.nodes).some((node) => node.kind === 'field' && (
    node.props.field === key || reads(node.props.hiddenWhen, key) || reads(node.props.requiredWhen, key) || reads(node.props.disabledWhen, key)
    || (Array.isArray(node.props.rules) && node.props.rules.some((r: { expression?: string }) => reads(r.expression, key)))));
}

/** The entity without the fields `keys`, their list columns, filters, keyword and details entries and label texts. */
export function withoutFields(entity: EntityDocument, keys: ReadonlySet<string>): EntityDocument {
  if (keys.size === 0) return entity;
  const removed = entity.fields.filter((f) => keys.has(f.name));
  const next: Record<string, any> = { ...entity, fields: entity.fields.filter((f) => !keys.has(f.name)) };
  const keep = (name: string) => !keys.has(name);
  const list = entity.list as Record<string, any> | undefined;
  if (list) {
    next.list = {
      ...list,
      ...(list.columns ? { columns: list.columns.filter((c: { prop: string }) => keep(c.prop)) } : {}),
      ...(list.filters ? { filters: list.filters.filter((f: { field: string }) => keep(f.field)) } : {}),
      ...(list.keywordFields ? { keywordFields: list.keywordFields.filter(keep) } : {}),
    };
  }
  const details = entity.details as { sections: { fields: string[] }[] } | undefined;
  if (details) {
    // A section left with nothing to show is dropped with its last field.
    next.details = {
      ...details,
      sections: details.sections
        .map((s) => (s.fields.some((f) => !keep(f)) ? { ...s, fields: s.fields.filter(keep) } : s))
        .filter((s, i) => s.fields.length > 0 || details.sections[i].fields.length === 0),
    };
  }
  const messages = entity.messages as EntityMessages | undefined;
  if (messages) {
    const remaining = new Set(labelKeys(next.fields as FieldDef[], entity.name));
    const dropped = new Set(labelKeys(removed, entity.name).filter((k) => !remaining.has(k)));
    next.messages = {
      'zh-cn': Object.fromEntries(Object.entries(messages['zh-cn']).filter(([k]) => !dropped.has(k))),
      en: Object.fromEntries(Object.entries(messages.en).filter(([k]) => !dropped.has(k))),
    };
  }
  return next as EntityDocument;
}

/** Every i18n key the fields' labels and options read (derived ones included). */
export function labelKeys(fields: readonly FieldDef[], entityName: string, subTable?: string): string[] {
  return fields.flatMap((f) => [
    f.label ?? (subTable ? `entity.${entityName}.subField.${subTable}.${f.name}` : `entity.${entityName}.field.${f.name}`),
    ...(f.options ?? []).map((o) => o.label),
    ...(f.fields ? labelKeys(f.fields, entityName, f.name) : []),
  ]);
}
