/**
 * The schema format, version 1: the TypeScript face of `schemas/meta/*.schema.json`.
 * Files on disk are validated by ajv against the meta-schemas; after `normaliseEntity` every
 * optional part below that has a default is filled, so the runtime never re-derives defaults.
 */

export const CURRENT_FORMAT_VERSION = 1;

/** Closed set: adding a type breaks every exhaustive switch that must handle it. */
export const FIELD_TYPES = [
  'string', 'text', 'richText', 'integer', 'number', 'money', 'switch',
  'date', 'datetime', 'dateRange', 'datetimeRange', 'time',
  'dictionary', 'options', 'user', 'users', 'department', 'departments',
  'reference', 'attachments', 'image', 'tags', 'location', 'subTable', 'status',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface OptionItem {
  label: string; // i18n key or literal text
  value: string | number;
  tagType?: string;
  cssClass?: string;
}

export interface FieldRule {
  /** Safe-evaluator expression over the record; the rule fails when it evaluates falsy. */
  expression?: string;
  /** Regular expression (source) the string value must match. */
  pattern?: string;
  /** i18n key of the message shown when the rule fails. */
  message: string;
}

export interface FieldDef {
  name: string;
  type: FieldType;
  label: string; // i18n key
  required?: boolean;
  unique?: boolean;
  indexed?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Number of decimals for number/money. */
  precision?: number;
  /** `datetime`/`datetimeRange`/`time`: pickers and values show seconds (otherwise minutes: 2026-01-31 09:30). */
  seconds?: boolean;
  default?: string | number | boolean | null;
  /** `dictionary`: the dictionary code whose children are the options. */
  dictionary?: string;
  /** `options`: inline options. */
  options?: OptionItem[];
  /** `reference`: the entity referred to; its key is stored. */
  entity?: string;
  /** `reference`: which field of the referred entity is shown. */
  displayField?: string;
  /** `reference`: several keys, stored comma-joined (like `users`). */
  multiple?: boolean;
  /** Code rule (CodeRule.ruleCode) numbering this field when a record is stored with it empty. */
  autoCode?: string;
  /**
   * A checked text format beyond a pattern: `cron` = a five-part cron expression; `link` = a value
   * the app renders as a link, an in-app path or an absolute http(s) URL (runtime/core/links/safeLink.ts).
   * Rich text is its own type, `richText` (HTML; server/entity/sanitiseHtml.ts).
   */
  format?: 'cron' | 'link';
  /** `attachments`: most files the field holds (checked by the upload widget and the server). */
  maxCount?: number;
  /** `subTable`: the child row fields (no nested subTables). */
  fields?: FieldDef[];
  rules?: FieldRule[];
  /** System fields are filled by the server and never accepted from the client. */
  system?: boolean;
  /** Shown in lists and details but never written by insert/update. */
  readOnly?: boolean;
  /**
   * `string`/`text`: the stored text may be an i18n key, as the seeded menu titles are; lists and
   * details show its translation where the key exists and the text as typed otherwise.
   */
  translated?: boolean;
}

export type SortOrder = 'ascending' | 'descending';

export interface ListColumn {
  prop: string;
  label?: string;
  width?: number;
  sortable?: boolean;
  fixed?: 'left' | 'right';
  hide?: boolean;
}

export interface ListFilter {
  field: string;
  /** Filter widget, derived from the field type when absent. */
  type?: FilterType;
  /** Operators offered; all that fit the type when absent. */
  operators?: FilterOperator[];
}

export const FILTER_TYPES = ['text', 'select', 'date', 'daterange', 'datetime', 'datetimerange', 'switch', 'tags'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'include', 'notInclude'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface ListScope {
  /** Field compared with the signed-in user's id for the `my` list. */
  ownerField: string;
  /**
   * People the record names besides its owner (attendees, companions, riders): `user` or `users`
   * fields, or `<subTable>.<user column>`. They read the record and find it in their `my` list;
   * they gain no write and no owner transition (runtime/core/schema/participants.ts).
   */
  participants?: string[];
}

export interface ListDef {
  columns: ListColumn[];
  filters: ListFilter[];
  /** Fields searched by `keyword` (LIKE). */
  keywordFields: string[];
  defaultSort: { prop: string; order: SortOrder };
  /** `my`: the signed-in user's own rows (`getMy{E}List`); `manage` is the data-scoped list. */
  scopes: { my?: ListScope; manage: boolean };
  /**
   * The list shows a summary row: the sums of the money fields over every matching row. Only
   * such a screen asks for them (`summary=1`); summing a large scope costs a read of all of it.
   */
  summary?: boolean;
}

/**
 * An index the schema author asks for, beyond those the table sync derives for the lists
 * (server/db/listIndexes.ts): e.g. a filter often combined with a sort, `[contractType, endDate]`.
 */
export interface EntityIndexDef { columns: string[] }

/** The form is a layout tree the designer edits; field items point at `fields` by name. */
export type FormNode = FormGridNode | FormColNode | FormTabsNode | FormTabNode | FormFieldNode;

/** Every node may carry a stable `id` (the online designer writes it; files may leave it out). */
export interface FormGridNode { kind: 'grid'; id?: string; children: FormColNode[] }
export interface FormColNode { kind: 'col'; id?: string; span: number; children: FormNode[] }
export interface FormTabsNode { kind: 'tabs'; id?: string; children: FormTabNode[] }
export interface FormTabNode { kind: 'tab'; id?: string; title: string; children: FormNode[] }
export interface FormFieldNode {
  kind: 'field';
  id?: string;
  field: string;
  span?: number;
  /** i18n key of a hint shown under the control. */
  tips?: string;
  /** i18n key of the message used when the field is required and empty. */
  message?: string;
  placeholder?: string;
  /** Safe-evaluator expression over the form values: hide the item when true. */
  hiddenWhen?: string;
  /** Safe-evaluator expression over the form values: the item is required when true. */
  requiredWhen?: string;
  /**
   * Safe-evaluator expression over the form values (the record's stored fields included): the
   * item is shown but cannot be edited when true — a vote's options once `voters` holds anyone.
   * The screen's rule: the server's own check is the module's (a before-write hook).
   */
  disabledWhen?: string;
  /**
   * Another control than the field type's own, by the name it is registered under
   * (runtime/core/schema/customWidgets.ts, runtime/react/widgets): `checkTree` shows several nodes
   * of a tree (departments, or a multiple reference to a tree entity such as a role's menus) as
   * the open, checkable tree with search, instead of a tree select. The load refuses other names.
   */
  widget?: string;
  /** Options override for this item. */
  options?: OptionItem[];
  /** Remote options: a call path under /capi answering {data: OptionItem[] | {list}}. */
  remoteOptions?: { url: string; labelField?: string; valueField?: string; params?: Record<string, string | number> };
  /** Extra rules on top of the field's own. */
  rules?: FieldRule[];
  disabled?: boolean;
}

export interface FormDef {
  /** The narrowest label column in px (default 120); it widens to the longest label, up to 240. */
  labelWidth?: number;
  layout: FormNode[];
}

export interface DetailsSection { title?: string; fields: string[]; columns?: number }
/**
 * Records of another entity listed under the details (a personnel file's labour contracts): the
 * rows of `entity` whose `field` equals this record's `value` field (default: its key), read
 * through that entity's own list — the manage list where the reader holds it, else their own
 * rows, else nothing is shown — so the reader sees no row their list would not show them.
 */
export interface DetailsRelated {
  /** i18n key of the block's title. */
  title: string;
  entity: string;
  field: string;
  value?: string;
  /** Fields of `entity` shown as columns (default: its list's columns). */
  columns?: string[];
}
export interface DetailsDef { sections: DetailsSection[]; related?: DetailsRelated[] }

export interface FlowState { name: string; label: string; color?: string }
export interface FlowTransition {
  name: string;
  /** The call that takes it: `/set/{module}/{call}` with `{key, opinion?}`. */
  call: string;
  label: string;
  from: string[];
  to: string;
  /** Role codes allowed; empty = any role holding the permission. */
  roles: string[];
  /** When true, the record's owner (list.scopes.my.ownerField or createUser) may take it too. */
  owner?: boolean;
  /**
   * False for an action that is always at hand rather than awaited (publish or disable a
   * definition, cancel one's booking): the desk's 待办 does not list records for it.
   */
  pending?: boolean;
  /**
   * True for a transition only the module's own call (`call`, registered by the module) takes —
   * its screen or named action decides when, e.g. sendNotice by the notice settings. The flow
   * still describes it (the history logs it, seeded histories follow it), but no generic call,
   * button or permission entry is made for it; transitions one call decides between share it.
   */
  moduleCall?: boolean;
  /** Safe-evaluator expression over the record (and `opinion`); refused when falsy. */
  guard?: string;
  /** i18n key of the message when the guard refuses. */
  guardMessage?: string;
  /** Fields the caller may set while taking the transition (e.g. an approval opinion). */
  fields?: string[];
  /**
   * i18n key of the opinion box's label; derived from the transition's name when absent
   * (退回原因 for reject/return, 审批意见 for approve, 备注 otherwise: runtime/core/flow/transitionForm.ts).
   */
  opinionLabel?: string;
  /**
   * One of `fields` (a text field) that is this transition's opinion: the dialog shows it instead of
   * the generic opinion box, and its value is the decision's opinion (guard, flow history, message).
   */
  opinionField?: string;
  /**
   * A server effect, by registered name, run in the transition's transaction (e.g.
   * `applySecurityEvent` applies an approved permission change). Unknown names fail at start.
   */
  effect?: string;
  /**
   * A message type code (MessageConfig, e.g. `officeVehicleResult`): once the transition has
   * committed, the record's owner is notified on the channels that type is configured for.
   */
  notify?: string;
}
export interface FlowDef {
  field: string;
  initial: string;
  /** States in which the record may still be edited or deleted; default: the initial state. */
  editableIn: string[];
  states: FlowState[];
  transitions: FlowTransition[];
}

/**
 * A row action beyond the generic ones: a named server call taken on one record
 * (`/set/{base}/{call}` with `{id, ...fields}`), e.g. reset a user's password, clone a role.
 */
export interface RowActionDef {
  name: string;
  call: string;
  label: string;
  /** Permission that shows the button (the server checks its own); default the entity's update. */
  permission: string;
  /** Entity fields the caller fills in the action's dialog (e.g. the clone's code and name). */
  fields?: string[];
  /** i18n key of a confirmation question shown when there are no fields. */
  confirm?: string;
  /** A page to open instead of calling `call` directly (fill with `actionOpenPath`), e.g. the process designer. */
  open?: string;
  /**
   * An expression over the record: the action is offered only on rows where it holds (套红 on a
   * signed 发文, not on a draft). The screens' rule; the action's call checks its own on the server.
   */
  visibleWhen?: string;
}

export const ENTITY_ACTIONS = ['list', 'my', 'view', 'insert', 'update', 'delete', 'import', 'export'] as const;
export type EntityAction = (typeof ENTITY_ACTIONS)[number];

/**
 * An entity whose records are submitted to a process of the workflow engine (docs/WORKFLOW.md ›
 * Binding): the engine writes `statusField` at every step; the record is frozen while `running`.
 */
export interface WorkflowBinding {
  process: string;
  statusField: string;
  draft: string;
  running: string;
  outcomes: { approved: string; rejected: string; terminated: string };
}

export interface EntityDef {
  formatVersion: number;
  name: string;
  module: string; // filled from the folder
  title: string;
  /** Design notes for engineers, kept in the schema file (not shown to users). */
  description?: string;
  table: string;
  key: string;
  /** Tree entities: the parent field; enables get{E}Tree. */
  parentField?: string;
  /** Field shown as the row's label in selects and trees. */
  labelField: string;
  /** Field holding a sort number (trees, drag sort). */
  sortField?: string;
  fields: FieldDef[];
  list: ListDef;
  form: FormDef;
  details: DetailsDef;
  flow?: FlowDef;
  /** Bound to a process of the workflow engine (docs/WORKFLOW.md › Binding); never with `flow`. */
  workflow?: WorkflowBinding;
  /** Permission name per action; default `{module}:{Entity}:{action}`. */
  permissions: Record<string, string>;
  /** Which generic calls exist. */
  calls: EntityAction[];
  importExport: { import: boolean; export: boolean };
  /** Data scope applies (rows carry createUser/createDept/unitId). */
  dataScope: boolean;
  /**
   * Every signed-in user may read label/value of all rows through the select and tree calls
   * (users, departments, dictionaries: the pickers of every module's forms).
   */
  pickerOpen: boolean;
  /**
   * What an open picker answers, besides label, value, key, parent and sort, to a user who may
   * not read the entity's list (and the only fields such a user may filter the picker on): the
   * person picker says who and where (account, department), never a phone number or an e-mail.
   */
  pickerFields: string[];
  /**
   * Rows belong to the user who created them (personal groups, notes, bookmarks): every call
   * reaches only the caller's own rows — the superuser's too — and data-permission roles do not
   * apply. The manage list of such an entity is the caller's own list.
   */
  personal: boolean;
  /**
   * One record holds the whole configuration (system configuration, security settings): the
   * index screen shows that record with its edit button and actions instead of a one-row list.
   * Such an entity has no insert or delete call.
   */
  single: boolean;
  /**
   * Separated duty (three-role security): the permissions of an `audit` or `security` entity
   * are never implied by the superuser role; only roles granted them explicitly hold them.
   */
  duty?: 'audit' | 'security';
  /**
   * Changes that must wait for the security administrator: writes touching these fields (or
   * every write, with `all`) become pending security events, applied when approved.
   */
  securityReview?: { all: boolean; fields: string[] };
  /** Named row actions shown beside view/edit/delete. */
  actions: RowActionDef[];
  /** Indexes declared in the schema; the sync adds them (never drops one). Absent = none. */
  indexes?: EntityIndexDef[];
  /** Texts of the entity's own i18n keys, for entities designed online (a bundled key wins). */
  messages?: EntityMessages;
}

/** i18n key → text, per language: what a designed entity's labels say. */
export interface EntityMessages { 'zh-cn': Record<string, string>; en: Record<string, string> }

export interface MenuEntry {
  name: string;
  title: string;
  path?: string;
  icon?: string;
  type: 'dir' | 'page' | 'iframe';
  /** For `page` entries backed by an entity: its name; the generic screens render it. */
  entity?: string;
  /**
   * `list` marks an entity page as the entity's management page: the side menu shows it to holders
   * of its manage list only. Holders of the my list alone read the entity on the module's reader
   * pages (新闻中心, 我的通知, the forum), not on a management page showing their own rows.
   */
  requires?: 'list';
  /** For iframe entries: the URL shown. */
  url?: string;
  sort?: number;
  children?: MenuEntry[];
}

export interface ModuleDef {
  formatVersion: number;
  name: string;
  title: string;
  /** Call base: reads under /get/{base}, writes under /set/{base}. */
  base: string;
  menus: MenuEntry[];
  /** Roles the module ships, created and granted at start (server/seed/syncModuleRoles.ts). */
  roles: ModuleRoleDef[];
}

/** A data scope by name, as module files write it; sys_role stores the value of the Role schema's option. */
export type RoleDataScope = 'own' | 'dept' | 'deptAndBelow' | 'unit' | 'all';

/** One role a module declares in its module.json. */
export interface ModuleRoleDef {
  /** The role's code (sys_role.roleCode), unique across the modules. */
  code: string;
  /** i18n key of the role's name, in a locale part in both languages; stored as the key, read translated. */
  name: string;
  /** i18n key of what the role is for, stored as the role's remark. */
  description?: string;
  dataScope: RoleDataScope;
  /** Permissions whose menu buttons the role receives: `hr:HrContract:list`, or `hr:HrContract:*` for all of an entity's. */
  grants: string[];
  /** Position in the role list. */
  sort?: number;
}

export interface Registry {
  modules: Map<string, ModuleDef>;
  entities: Map<string, EntityDef>;
}

/** System columns every entity table carries, filled by the server. */
export const SYSTEM_FIELDS = ['createUser', 'createDept', 'unitId', 'createTime', 'updateTime', 'rowVersion'] as const;

/**
 * The row's version: 0 when born, one more at every write. An update or flow transition names
 * the version it was read at, so a write made from a stale read is refused (no lost updates).
 */
export const ROW_VERSION = 'rowVersion';
