/**
 * The online designer's model (docs/DESIGNER.md). Framework-free: no React, no DOM, no server.
 *
 * The designer edits exactly one entity schema document of format v1 (schemas/meta/entity.schema.json),
 * the form's layout held as a flat node tree with stable ids (never derived from paths), the rest
 * of the document (fields, list, details, flow …) as it is in a file. `toEntityDocument` gives the
 * document back, each form node carrying its id, so a save/load round trip loses nothing.
 */
import type { EntityMessages, FieldDef, FieldType } from '../../runtime/core/schema';

/** Layout node kinds of format v1 plus the tree's root (the form's `layout` array). */
export type NodeKind = 'root' | 'grid' | 'col' | 'tabs' | 'tab' | 'field';

export interface DesignNode {
  readonly id: string;
  readonly kind: NodeKind;
  /**
   * The node's own properties as the schema writes them, without `kind`, `id` and `children`:
   * col `{span}`, tab `{title}`, field `{field, span?, tips?, hiddenWhen?, requiredWhen?, disabledWhen?, widget?, …}`.
   */
  readonly props: Readonly<Record<string, unknown>>;
  readonly children: readonly string[];
}

export interface DesignTree {
  readonly rootId: string;
  readonly nodes: Readonly<Record<string, DesignNode>>;
}

/** The entity document without `form.layout` (that lives in `tree`), as a file writes it. */
export type EntityDocument = Record<string, unknown> & {
  name: string;
  title: string;
  table: string;
  key: string;
  fields: FieldDef[];
  form?: { labelWidth?: number };
};

/** What the designer edits: immutable, every operation answers a new one (structural sharing). */
export interface DesignDocument {
  readonly entity: Readonly<EntityDocument>;
  readonly tree: DesignTree;
}

/** Where a dragged node lands relative to a target node. */
export type DropPosition = 'before' | 'after' | 'inside';

/**
 * Every change is one of these. `applyOperation` answers the new document and the operation that
 * undoes it; a refused operation throws `DesignOperationError` and changes nothing.
 */
export type DesignOperation =
  /** A new subtree (from the palette or a paste) under `parentId` at `index`. */
  | {
    type: 'insert'; parentId: string; index: number; nodes: DesignNode[]; rootId: string; fields?: FieldDef[];
    /** Texts of the new fields' labels (createFieldNode), merged into entity.messages. */
    messages?: EntityMessages;
  }
  /**
   * Refused for the node's own descendants and where the target kind does not accept it. `index` is
   * the slot among the parent's children as they are before the move (0 … length), the node counted
   * in place: what `resolveDrop` answers for a before/after drop.
   */
  | { type: 'move'; id: string; parentId: string; index: number }
  /** Removes the subtree and the fields only it showed (their columns stay in the database). */
  | { type: 'remove'; id: string }
  /** A copy after the original: new ids, new field keys for its fields, references remapped. */
  | { type: 'duplicate'; id: string }
  /** Merges into the node's props; a value of `undefined` deletes the property. */
  | { type: 'updateNode'; id: string; props: Record<string, unknown> }
  /** Merges into the field definition `name` (entity.fields); `undefined` deletes. */
  | { type: 'updateField'; name: string; patch: Partial<FieldDef> }
  /** Renames a field key and every place that names it (expressions, list, filters, details, messages …). */
  | { type: 'renameField'; from: string; to: string }
  /**
   * Merges into the entity document's top level (title, list, details, flow, messages …).
   * `addFields` declares fields no form item shows, in the same step: the status field a flow
   * writes (the 流程 tab), never typed by a user.
   */
  | { type: 'updateEntity'; patch: Record<string, unknown>; addFields?: FieldDef[] }
  /** Wraps the node in a new container: `grid` (one col of 24) or `tabs` (one tab). */
  | { type: 'wrap'; id: string; kind: 'grid' | 'tabs'; newIds: string[] }
  /** Replaces a container by its children (a grid's cols' children, a tab's children). */
  | { type: 'unwrap'; id: string }
  /** The whole document at once (the JSON view, a reset to the file, an inverse). */
  | { type: 'replace'; document: DesignDocument };

export interface OperationResult {
  document: DesignDocument;
  inverse: DesignOperation;
}

/** Property editors the property panel knows; each kind's property schema lists its properties. */
export type PropertyEditor =
  | 'text' | 'textarea' | 'number' | 'switch' | 'select'
  /** An i18n key with its text in both languages (entity.messages). */
  | 'label'
  /** A safe-evaluator expression over the form's field keys, checked live. */
  | 'expression'
  | 'options' | 'dictionary' | 'remoteOptions' | 'rules' | 'span' | 'fieldKey' | 'widget' | 'default';

export interface PropertyDef {
  /** Property name; `field.<name>` edits the field definition, otherwise the node's props. */
  name: string;
  editor: PropertyEditor;
  /** i18n key of the property's label in the panel. */
  label: string;
  /** For `select`: the choices (values and i18n keys). */
  choices?: { value: string | number | boolean; label: string }[];
  /** Shown only for these field types (field nodes). */
  fieldTypes?: FieldType[];
  min?: number;
  max?: number;
}

export interface NodeKindSpec {
  kind: Exclude<NodeKind, 'root'>;
  /** i18n key of the kind's name (palette, outline). */
  label: string;
  /** May a node of `child` kind be a direct child of this one? */
  accepts(child: NodeKind): boolean;
  /** The props of a fresh node from the palette. */
  defaults(): Record<string, unknown>;
  properties: PropertyDef[];
  /**
   * Kinds that accept this one besides those whose own `accepts` says so: how a registered kind
   * gets into the existing containers without replacing their specs (nodeKinds.ts).
   */
  acceptedBy?: NodeKind[];
}

/** A palette entry for a field: a field type, or a registered custom widget on a field type. */
export interface FieldPaletteEntry {
  type: FieldType;
  /** i18n key shown in the palette. */
  label: string;
  widget?: string;
}
