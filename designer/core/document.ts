import type { FieldDef } from '../../runtime/core/schema';
import type { DesignDocument, DesignNode, EntityDocument, NodeKind } from './types';
import { DesignOperationError } from './errors';
import { NODE_ID_PATTERN, ROOT_ID, newNodeId, uniqueId } from './ids';
import { normaliseTree } from './normalise';

/** The default id generator, here beside the document it ids (designer/core/ids.ts). */
export { newNodeId };

/**
 * Between the file and the designer's model. The file's `form.layout` is a nested tree whose
 * nodes may carry ids; the model holds it flat with an id on every node (research notes, A.1).
 * Everything else of the document is kept as the file wrote it, key order included, so saving a
 * loaded document changes nothing but the ids it adds.
 */

const LAYOUT_KINDS: readonly NodeKind[] = ['grid', 'col', 'tabs', 'tab', 'field'];
const NODE_OWN_KEYS = new Set(['kind', 'id', 'children']);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The layout the runtime shows for a form without one: normaliseEntity's defaultLayout, mirrored. */
function defaultLayout(fields: FieldDef[]): Record<string, unknown>[] {
  const editable = fields.filter((f) => !f.system && !f.readOnly && f.type !== 'status');
  if (editable.length === 0) return [];
  return [{
    kind: 'grid',
    children: editable.map((f) => ({
      kind: 'col',
      span: ['text', 'richText', 'attachments', 'subTable'].includes(f.type) ? 24 : 12,
      children: [{ kind: 'field', field: f.name }],
    })),
  }];
}

export function fromEntityDocument(doc: unknown, newId: () => string = newNodeId): DesignDocument {
  if (!isObject(doc) || typeof doc.name !== 'string' || !Array.isArray(doc.fields)) {
    throw new DesignOperationError('designer.error.invalidDocument', { reason: 'not an entity document' });
  }
  const form = doc.form;
  if (form !== undefined && !isObject(form)) throw new DesignOperationError('designer.error.invalidDocument', { reason: 'form' });
  const layout = form?.layout ?? defaultLayout(doc.fields as FieldDef[]);
  if (!Array.isArray(layout)) throw new DesignOperationError('designer.error.invalidDocument', { reason: 'form.layout' });

  // The file's own ids first (the first holder of an id keeps it), so a generated id can never take one.
  const taken = new Set<string>();
  const keeps = new WeakSet<object>();
  const collect = (node: unknown) => {
    if (!isObject(node)) return;
    if (typeof node.id === 'string' && NODE_ID_PATTERN.test(node.id) && node.id !== ROOT_ID && !taken.has(node.id)) {
      taken.add(node.id);
      keeps.add(node);
    }
    if (Array.isArray(node.children)) node.children.forEach(collect);
  };
  layout.forEach(collect);

  const nodes: Record<string, DesignNode> = {};
  const build = (raw: unknown, pointer: string): string => {
    if (!isObject(raw) || !LAYOUT_KINDS.includes(raw.kind as NodeKind)) {
      throw new DesignOperationError('designer.error.invalidDocument', { reason: `form node ${pointer}` });
    }
    const id = keeps.has(raw) ? (raw.id as string) : uniqueId(taken, newId);
    const props: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) if (!NODE_OWN_KEYS.has(key)) props[key] = value;
    const children = raw.kind === 'field' ? [] : (Array.isArray(raw.children) ? raw.children : []).map((child, i) => build(child, `${pointer}/children/${i}`));
    nodes[id] = { id, kind: raw.kind as NodeKind, props, children };
    return id;
  };
  const top = layout.map((node, i) => build(node, `/form/layout/${i}`));
  nodes[ROOT_ID] = { id: ROOT_ID, kind: 'root', props: {}, children: top };

  const entity: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key !== 'form') { entity[key] = value; continue; }
    const { layout: _layout, ...rest } = value as Record<string, unknown>;
    entity.form = rest;
  }
  // Structural repairs only (a file cannot hold an empty grid, but a hand-made document might).
  return { entity: entity as EntityDocument, tree: normaliseTree({ rootId: ROOT_ID, nodes }) };
}

/** The node as the file writes it: kind, id, its props in their order, children. */
function writeNode(design: DesignDocument, id: string): Record<string, unknown> {
  const node = design.tree.nodes[id];
  return {
    kind: node.kind,
    id: node.id,
    ...node.props,
    ...(node.kind === 'field' ? {} : { children: node.children.map((child) => writeNode(design, child)) }),
  };
}

export function toEntityDocument(design: DesignDocument): Record<string, unknown> {
  const root = design.tree.nodes[design.tree.rootId];
  const layout = root.children.map((id) => writeNode(design, id));
  const form = { ...((design.entity.form as Record<string, unknown> | undefined) ?? {}), layout };
  const out: Record<string, unknown> = {};
  const entries = Object.entries(design.entity);
  // A document that had no `form` gets it after the list (or the fields), where the suite's files keep it.
  const anchor = 'form' in design.entity ? undefined : ('list' in design.entity ? 'list' : 'fields');
  for (const [key, value] of entries) {
    out[key] = key === 'form' ? form : value;
    if (key === anchor) out.form = form;
  }
  if (!('form' in out)) out.form = form;
  return out;
}
