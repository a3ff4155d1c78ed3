import type { EntityMessages, FieldDef, FieldRule } from '../../runtime/core/schema';
import type { DesignDocument, DesignNode, DesignOperation, DesignTree, EntityDocument, OperationResult } from './types';
import { DesignOperationError } from './errors';
import { NODE_ID_PATTERN, ROOT_ID, uniqueId } from './ids';
import { canContain, newTabTitle } from './nodeKinds';
import { normaliseTree } from './normalise';
import { parentOf, isSelfOrAncestor, subtreeIds, withNodes } from './tree';
import { assertDesignValid } from './treeChecks';
import { assertFreeFieldKey } from './fieldKeys';
import { freeFieldKey, takenFieldKeys } from './fieldPalette';
import { fieldKeyMover, renameFieldKey } from './renameField';
import { renameIdentifiers } from './expressionNames';
import { fieldStillNamed, withoutFields } from './fieldReferences';

/**
 * Every change the designer makes. Pure: the input document is never touched, the answer shares
 * every part the operation did not change (the screens compare by reference). The inverse is a
 * `replace` with the previous document: with structural sharing it costs one reference, and it is
 * right by construction, which hand-written inverses of remove/duplicate/rename would not be.
 */
export function applyOperation(document: DesignDocument, op: DesignOperation): OperationResult {
  const changed = apply(document, op);
  const next = changed.tree === document.tree ? changed : { ...changed, tree: normaliseTree(changed.tree, op.type === 'replace' ? {} : { before: document.tree }) };
  assertDesignValid(next);
  return { document: next, inverse: { type: 'replace', document } };
}

function apply(document: DesignDocument, op: DesignOperation): DesignDocument {
  switch (op.type) {
    case 'insert': return insert(document, op);
    case 'move': return move(document, op.id, op.parentId, op.index);
    case 'remove': return remove(document, op.id);
    case 'duplicate': return duplicate(document, op.id);
    case 'updateNode': return updateNode(document, op.id, op.props);
    case 'updateField': return updateField(document, op.name, op.patch);
    case 'renameField': return renameFieldKey(document, op.from, op.to);
    case 'updateEntity': return updateEntity(document, op.patch, op.addFields);
    case 'wrap': return wrap(document, op.id, op.kind, op.newIds);
    case 'unwrap': return unwrap(document, op.id);
    case 'replace': return replace(op.document);
    default: {
      const unknown: never = op;
      throw new DesignOperationError('designer.error.invalidDocument', { reason: `operation ${(unknown as { type: string }).type}` });
    }
  }
}

// ——— helpers ———

function nodeOf(tree: DesignTree, id: string): DesignNode {
  const node = tree.nodes[id];
  if (!node) throw new DesignOperationError('designer.error.unknownNode', { node: id });
  return node;
}

/** A node that is not the root (the root cannot be moved, removed, copied, wrapped or edited). */
function movable(tree: DesignTree, id: string): DesignNode {
  const node = nodeOf(tree, id);
  if (node.kind === 'root') throw new DesignOperationError('designer.error.rootImmovable', { node: id });
  return node;
}

function parentNode(tree: DesignTree, id: string): DesignNode {
  const parent = parentOf(tree, id);
  if (!parent) throw new DesignOperationError('designer.error.unknownNode', { node: id });
  return parent;
}

const clamp = (index: number, length: number) => (Number.isFinite(index) ? Math.max(0, Math.min(length, Math.trunc(index))) : length);

function spliced(list: readonly string[], index: number, remove: number, ...add: string[]): string[] {
  const out = [...list];
  out.splice(index, remove, ...add);
  return out;
}

/** Merges a patch into an object: `undefined` deletes, existing keys keep their place. */
function merged<T extends object>(base: T, patch: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out as T;
}

function mergeMessages(entity: EntityDocument, add: EntityMessages | undefined): EntityDocument {
  if (!add) return entity;
  const current = entity.messages as EntityMessages | undefined;
  return {
    ...entity,
    messages: { 'zh-cn': { ...current?.['zh-cn'], ...add['zh-cn'] }, en: { ...current?.en, ...add.en } },
  };
}

function assertSpan(value: unknown): void {
  if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 24)) {
    throw new DesignOperationError('designer.error.invalidSpan', { span: String(value) });
  }
}

// ——— operations ———

function insert(document: DesignDocument, op: Extract<DesignOperation, { type: 'insert' }>): DesignDocument {
  const tree = document.tree;
  const parent = nodeOf(tree, op.parentId);
  const given = new Map(op.nodes.map((n) => [n.id, n]));
  const top = given.get(op.rootId);
  if (!top) throw new DesignOperationError('designer.error.unknownNode', { node: op.rootId });
  if (!canContain(parent.kind, top.kind)) throw new DesignOperationError('designer.error.notAccepted', { parent: parent.kind, child: top.kind });

  // Pasting the same nodes twice must not make two nodes one: ids the document holds are renewed.
  const taken = new Set(Object.keys(tree.nodes));
  const ids = new Map<string, string>();
  const order: DesignNode[] = [];
  const visit = (id: string) => {
    const node = given.get(id);
    if (!node) throw new DesignOperationError('designer.error.unknownNode', { node: id });
    if (ids.has(id)) throw new DesignOperationError('designer.error.invalidDocument', { reason: `node ${id} listed twice` });
    ids.set(id, taken.has(id) || !NODE_ID_PATTERN.test(id) || id === ROOT_ID ? uniqueId(taken) : id);
    taken.add(ids.get(id)!);
    order.push(node);
    node.children.forEach(visit);
  };
  visit(op.rootId);
  const added = order.map((node) => ({ ...node, id: ids.get(node.id)!, children: node.children.map((c) => ids.get(c)!) }));
  assertSubtreeKinds(added);
  for (const node of added) {
    if (node.kind === 'col' && node.props.span === undefined) throw new DesignOperationError('designer.error.invalidSpan', { span: 'undefined' });
    assertSpan(node.props.span);
  }

  let entity: EntityDocument = document.entity;
  for (const field of op.fields ?? []) {
    assertFreeFieldKey({ entity, tree }, field.name);
    entity = { ...entity, fields: [...entity.fields, field] };
  }
  entity = mergeMessages(entity, op.messages);
  const at = clamp(op.index, parent.children.length);
  return {
    entity,
    tree: withNodes(tree, [...added, { ...parent, children: spliced(parent.children, at, 0, added[0].id) }]),
  };
}

/** Inside a new subtree every parent/child pair must be allowed (its top was checked against the real parent). */
function assertSubtreeKinds(nodes: DesignNode[]): void {
  const table = new Map(nodes.map((n) => [n.id, n]));
  for (const node of nodes) {
    for (const child of node.children) {
      const kind = table.get(child)!.kind;
      if (!canContain(node.kind, kind)) throw new DesignOperationError('designer.error.notAccepted', { parent: node.kind, child: kind });
    }
  }
}

function move(document: DesignDocument, id: string, parentId: string, index: number): DesignDocument {
  const tree = document.tree;
  const node = movable(tree, id);
  const target = nodeOf(tree, parentId);
  if (isSelfOrAncestor(tree, id, parentId)) throw new DesignOperationError('designer.error.moveIntoDescendant', { node: id, parent: parentId });
  if (!canContain(target.kind, node.kind)) throw new DesignOperationError('designer.error.notAccepted', { parent: target.kind, child: node.kind });
  const from = parentNode(tree, id);
  const oldIndex = from.children.indexOf(id);
  let slot = clamp(index, target.children.length);
  if (from.id === target.id) {
    if (oldIndex < slot) slot -= 1;
    if (slot === oldIndex) return document;
    const without = spliced(from.children, oldIndex, 1);
    return { ...document, tree: withNodes(tree, [{ ...from, children: spliced(without, slot, 0, id) }]) };
  }
  return {
    ...document,
    tree: withNodes(tree, [
      { ...from, children: spliced(from.children, oldIndex, 1) },
      { ...target, children: spliced(target.children, slot, 0, id) },
    ]),
  };
}

function remove(document: DesignDocument, id: string): DesignDocument {
  const tree = document.tree;
  movable(tree, id);
  const parent = parentNode(tree, id);
  const gone = subtreeIds(tree, id);
  const nextTree = normaliseTree(withNodes(tree, [{ ...parent, children: parent.children.filter((c) => c !== id) }], gone), { before: tree });
  const keys = gone.map((n) => tree.nodes[n]).filter((n) => n.kind === 'field').map((n) => String(n.props.field));
  // The largest set of the removed items' fields that nothing else names (fields naming each other go together).
  let dropped = new Set(keys);
  for (let changed = true; changed;) {
    changed = false;
    const rest = withoutFields(document.entity, dropped);
    for (const key of dropped) {
      if (fieldStillNamed(rest, nextTree, key)) {
        dropped = new Set([...dropped].filter((k) => k !== key));
        changed = true;
        break;
      }
    }
  }
  // A list with a summary row sums money fields: the last of them stays declared.
  const list = document.entity.list as { summary?: boolean } | undefined;
  if (list?.summary && !document.entity.fields.some((f) => f.type === 'money' && !dropped.has(f.name))) {
    dropped = new Set([...dropped].filter((k) => document.entity.fields.find((f) => f.name === k)?.type !== 'money'));
  }
  // An entity has at least one field (the meta-schema): emptying the form keeps the first declared, off the form.
  if (document.entity.fields.every((f) => dropped.has(f.name))) {
    dropped = new Set([...dropped].filter((k) => k !== document.entity.fields[0].name));
  }
  return { entity: withoutFields(document.entity, dropped), tree: nextTree };
}

/** The copy's key for a field key: the same stem with the next free number (contractNo → contractNo1, string1 → string2). */
function copyKey(key: string, taken: Set<string>): string {
  const stem = key.replace(/[0-9]+$/, '') || key;
  const copy = freeFieldKey(stem, taken);
  taken.add(copy);
  return copy;
}

function duplicate(document: DesignDocument, id: string): DesignDocument {
  const tree = document.tree;
  const entity = document.entity;
  movable(tree, id);
  const parent = parentNode(tree, id);
  const source = subtreeIds(tree, id);

  const takenKeys = takenFieldKeys(document);
  const renames = new Map<string, string>();
  for (const nodeId of source) {
    const node = tree.nodes[nodeId];
    if (node.kind === 'field') renames.set(String(node.props.field), copyKey(String(node.props.field), takenKeys));
  }
  const expression = (s: string) => renameIdentifiers(s, renames);
  const rules = (list: FieldRule[] | undefined) => list?.map((r) => (r.expression === undefined ? r : { ...r, expression: expression(r.expression) }));

  // The copies' fields, their label texts copied to the new keys; a bundled label key is shared.
  const messages = entity.messages as EntityMessages | undefined;
  const held = (key: string) => messages !== undefined && (key in messages['zh-cn'] || key in messages.en);
  const addedMessages: EntityMessages = { 'zh-cn': {}, en: {} };
  const relabel = (label: string, move: (k: string) => string): string => {
    const target = move(label);
    if (target === label || !held(label)) return label;
    for (const language of ['zh-cn', 'en'] as const) {
      const text = messages![language][label];
      if (text !== undefined) addedMessages[language][target] = text;
    }
    return target;
  };
  const copies: FieldDef[] = [];
  for (const [from, to] of renames) {
    const def = entity.fields.find((f) => f.name === from);
    if (!def) continue; // the check after the operation names the missing field
    const move = fieldKeyMover(entity.name, from, to);
    copies.push({
      ...def,
      name: to,
      label: relabel(def.label ?? `entity.${entity.name}.field.${from}`, move),
      ...(def.rules ? { rules: rules(def.rules) } : {}),
      ...(def.options ? { options: def.options.map((o) => ({ ...o, label: relabel(o.label, move) })) } : {}),
      ...(def.fields ? { fields: def.fields.map((c) => ({ ...c, label: relabel(c.label ?? `entity.${entity.name}.subField.${from}.${c.name}`, move) })) } : {}),
    });
  }

  const takenIds = new Set(Object.keys(tree.nodes));
  const ids = new Map(source.map((n) => [n, uniqueId(takenIds)]));
  const added = source.map((nodeId): DesignNode => {
    const node = tree.nodes[nodeId];
    const props: Record<string, unknown> = { ...node.props };
    if (node.kind === 'field') {
      props.field = renames.get(String(node.props.field));
      for (const key of ['hiddenWhen', 'requiredWhen', 'disabledWhen']) if (typeof props[key] === 'string') props[key] = expression(props[key] as string);
      if (Array.isArray(props.rules)) props.rules = rules(props.rules as FieldRule[]);
    }
    return { id: ids.get(nodeId)!, kind: node.kind, props, children: node.children.map((c) => ids.get(c)!) };
  });
  const at = parent.children.indexOf(id) + 1;
  const hasMessages = Object.keys(addedMessages['zh-cn']).length + Object.keys(addedMessages.en).length > 0;
  return {
    entity: mergeMessages({ ...entity, fields: [...entity.fields, ...copies] }, hasMessages ? addedMessages : undefined),
    tree: withNodes(tree, [...added, { ...parent, children: spliced(parent.children, at, 0, ids.get(id)!) }]),
  };
}

const OWN_KEYS = new Set(['kind', 'id', 'children']);

function updateNode(document: DesignDocument, id: string, patch: Record<string, unknown>): DesignDocument {
  const node = movable(document.tree, id);
  for (const key of Object.keys(patch)) if (OWN_KEYS.has(key)) throw new DesignOperationError('designer.error.notPatchable', { property: key });
  if ('span' in patch) assertSpan(patch.span);
  if (node.kind === 'col' && 'span' in patch && patch.span === undefined) throw new DesignOperationError('designer.error.invalidSpan', { span: 'undefined' });
  if (node.kind === 'field' && 'field' in patch && typeof patch.field !== 'string') throw new DesignOperationError('designer.error.unknownField', { field: String(patch.field) });
  return { ...document, tree: withNodes(document.tree, [{ ...node, props: merged(node.props, patch) }]) };
}

function updateField(document: DesignDocument, name: string, patch: Partial<FieldDef>): DesignDocument {
  if (!document.entity.fields.some((f) => f.name === name)) throw new DesignOperationError('designer.error.unknownField', { field: name });
  let current = document;
  let key = name;
  const { name: newName, ...rest } = patch;
  // A new name is a rename: everything that names the field follows it.
  if (newName !== undefined && newName !== name) {
    current = renameFieldKey(current, name, newName);
    key = newName;
  }
  if (Object.keys(rest).length === 0) return current;
  const fields = current.entity.fields.map((f) => (f.name === key ? merged(f, rest) : f));
  return { ...current, entity: { ...current.entity, fields } };
}

function updateEntity(document: DesignDocument, patch: Record<string, unknown>, addFields: FieldDef[] = []): DesignDocument {
  // Fields change through the field operations (they keep the form's items pointing at something);
  // the layout is the tree's.
  if ('fields' in patch) throw new DesignOperationError('designer.error.notPatchable', { property: 'fields' });
  let fields = document.entity.fields;
  for (const field of addFields) {
    assertFreeFieldKey({ ...document, entity: { ...document.entity, fields } }, field.name);
    fields = [...fields, field];
  }
  if (addFields.length > 0) document = { ...document, entity: { ...document.entity, fields } };
  if (patch.form !== undefined && (typeof patch.form !== 'object' || patch.form === null || 'layout' in patch.form)) {
    throw new DesignOperationError('designer.error.notPatchable', { property: 'form.layout' });
  }
  for (const required of ['name', 'title', 'table', 'key']) {
    if (required in patch && typeof patch[required] !== 'string') throw new DesignOperationError('designer.error.notPatchable', { property: required });
  }
  return { ...document, entity: merged(document.entity, patch) };
}

function wrap(document: DesignDocument, id: string, kind: 'grid' | 'tabs', newIds: string[]): DesignDocument {
  const tree = document.tree;
  const node = movable(tree, id);
  const parent = parentNode(tree, id);
  const inner = kind === 'grid' ? 'col' : 'tab';
  if (!canContain(parent.kind, kind)) throw new DesignOperationError('designer.error.notAccepted', { parent: parent.kind, child: kind });
  if (!canContain(inner, node.kind)) throw new DesignOperationError('designer.error.notAccepted', { parent: inner, child: node.kind });
  const taken = new Set(Object.keys(tree.nodes));
  const fresh = (given: string | undefined): string => {
    if (given === undefined) return uniqueId(taken);
    if (!NODE_ID_PATTERN.test(given) || given === ROOT_ID || taken.has(given)) throw new DesignOperationError('designer.error.idTaken', { node: given });
    taken.add(given);
    return given;
  };
  const containerId = fresh(newIds[0]);
  const innerId = fresh(newIds[1]);
  let entity = document.entity;
  let innerProps: Record<string, unknown> = { span: 24 };
  if (inner === 'tab') {
    const title = newTabTitle(document, undefined);
    entity = mergeMessages(entity, title.messages);
    innerProps = { title: title.key };
  }
  return {
    entity,
    tree: withNodes(tree, [
      { id: containerId, kind, props: {}, children: [innerId] },
      { id: innerId, kind: inner, props: innerProps, children: [id] },
      { ...parent, children: parent.children.map((c) => (c === id ? containerId : c)) },
    ]),
  };
}

function unwrap(document: DesignDocument, id: string): DesignDocument {
  const tree = document.tree;
  const node = movable(tree, id);
  const parent = parentNode(tree, id);
  const put = (into: DesignNode, at: number, removeCount: number, children: string[], removed: string[]): DesignDocument => {
    for (const child of children) {
      if (!canContain(into.kind, tree.nodes[child].kind)) throw new DesignOperationError('designer.error.notAccepted', { parent: into.kind, child: tree.nodes[child].kind });
    }
    return { ...document, tree: withNodes(tree, [{ ...into, children: spliced(into.children, at, removeCount, ...children) }], removed) };
  };
  switch (node.kind) {
    // A grid or tabs gives way to its cols' or tabs' contents, in order.
    case 'grid':
    case 'tabs': {
      const contents = node.children.flatMap((c) => tree.nodes[c].children);
      return put(parent, parent.children.indexOf(id), 1, contents, [id, ...node.children]);
    }
    // A col or tab's contents go after its grid or tabs, in the container around that.
    case 'col':
    case 'tab': {
      const outer = parentNode(tree, parent.id);
      const at = outer.children.indexOf(parent.id) + 1;
      const within = { ...parent, children: parent.children.filter((c) => c !== id) };
      const document2 = put(outer, at, 0, [...node.children], [id]);
      return { ...document2, tree: withNodes(document2.tree, [within]) };
    }
    default:
      throw new DesignOperationError('designer.error.notContainer', { node: id });
  }
}

function replace(document: DesignDocument): DesignDocument {
  if (!document || typeof document !== 'object' || !document.entity || !document.tree) {
    throw new DesignOperationError('designer.error.invalidDocument', { reason: 'not a design document' });
  }
  // Kinds and fields are checked after every operation (assertDesignValid); the tree is normalised there.
  return document;
}

