import { compileExpression, ExpressionError } from '../expression';
import type { EntityDef, FieldDef, FieldRule, FormNode } from './types';
import { SchemaError } from './SchemaError';
import { CURRENT_DEFAULT_TYPES, isCurrentDefault } from './currentDefaults';
import { guardInputNames } from '../flow/guardInputNames';
import { CUSTOM_WIDGETS, customWidgetDeclaration } from './customWidgets';
import { participantProblem } from './participants';

/**
 * What the meta-schema cannot say: every name an entity uses must point at something that
 * exists, and every expression must compile. Pointers refer to the file as written.
 */
export function checkEntityConsistency(file: string, raw: Record<string, unknown>, entity: EntityDef): void {
  const fail = (pointer: string, expected: string): never => { throw new SchemaError(file, pointer, expected); };
  const names = new Set(entity.fields.map((f) => f.name));
  const byName = new Map(entity.fields.map((f) => [f.name, f]));
  const known = (pointer: string, name: string | undefined, what: string) => {
    if (name !== undefined && !names.has(name)) fail(pointer, `${what} "${name}" to be a field of ${entity.name}`);
  };
  /**
   * Every name an expression reads must be one its context holds (`readable`, described by
   * `what`): a misspelt or removed field would otherwise evaluate as empty for ever — hiding a
   * field and silently dropping its value.
   */
  const expression = (pointer: string, source: string | undefined, readable: ReadonlySet<string> = names, what = `a field of ${entity.name}`) => {
    if (source === undefined) return;
    let identifiers: string[];
    try {
      identifiers = compileExpression(source).identifiers;
    } catch (error) {
      if (error instanceof ExpressionError) fail(pointer, `a valid expression (${error.message})`);
      throw error;
    }
    const unknown = identifiers.find((name) => !readable.has(name));
    if (unknown !== undefined) fail(pointer, `only known names in the expression; "${unknown}" is not ${what}`);
  };
  const rules = (pointer: string, list: FieldRule[] | undefined, readable: ReadonlySet<string>, what: string) => list?.forEach((rule, i) => {
    expression(`${pointer}/${i}/expression`, rule.expression, readable, what);
    if (rule.pattern !== undefined) {
      try { new RegExp(rule.pattern); } catch { fail(`${pointer}/${i}/pattern`, 'a valid regular expression'); }
    }
  });

  const declared = (raw.fields as FieldDef[]);
  // A record's rules read the record; a sub-table row's rules read that row.
  const checkFields = (fields: FieldDef[], pointer: string, readable: ReadonlySet<string>, what: string) => {
    const seen = new Set<string>();
    fields.forEach((field, i) => {
      if (seen.has(field.name)) fail(`${pointer}/${i}/name`, `a unique field name; "${field.name}" is declared twice`);
      seen.add(field.name);
      rules(`${pointer}/${i}/rules`, field.rules, readable, what);
      const tokenTypes = isCurrentDefault(field.default) ? CURRENT_DEFAULT_TYPES[field.default] : undefined;
      if (tokenTypes && !tokenTypes.includes(field.type)) fail(`${pointer}/${i}/default`, `"${String(field.default)}" only on a field of type ${tokenTypes.join(' or ')}`);
      if (field.type === 'subTable') {
        if (field.fields?.some((f) => f.type === 'subTable')) fail(`${pointer}/${i}/fields`, 'no sub-table inside a sub-table');
        const rowFields = field.fields ?? [];
        checkFields(rowFields, `${pointer}/${i}/fields`, new Set(rowFields.map((f) => f.name)), `a field of a ${field.name} row`);
      }
    });
  };
  checkFields(declared, '/fields', names, `a field of ${entity.name}`);

  known('/labelField', entity.labelField, 'labelField');
  entity.pickerFields.forEach((f, i) => known(`/pickerFields/${i}`, f, 'picker field'));
  known('/parentField', entity.parentField, 'parentField');
  known('/sortField', entity.sortField, 'sortField');

  const list = raw.list as Partial<EntityDef['list']> | undefined;
  list?.columns?.forEach((c, i) => known(`/list/columns/${i}/prop`, c.prop, 'column'));
  list?.filters?.forEach((f, i) => known(`/list/filters/${i}/field`, f.field, 'filter'));
  list?.keywordFields?.forEach((k, i) => known(`/list/keywordFields/${i}`, k, 'keyword field'));
  known('/list/defaultSort/prop', entity.list.defaultSort.prop, 'sort');
  known('/list/scopes/my/ownerField', entity.list.scopes.my?.ownerField, 'owner field');
  entity.list.scopes.my?.participants?.forEach((name, i) => {
    const problem = participantProblem(entity, name);
    if (problem) fail(`/list/scopes/my/participants/${i}`, problem);
  });
  (raw.indexes as EntityDef['indexes'])?.forEach((index, i) => index.columns.forEach((c, j) => known(`/indexes/${i}/columns/${j}`, c, 'index column')));
  if (entity.list.summary && !entity.fields.some((f) => f.type === 'money')) fail('/list/summary', `a money field to sum for the summary row; ${entity.name} has none`);

  // A personal entity's rows are their creator's alone: opening them to every picker, or to the
  // separated duties that read other people's rows, would contradict that.
  if (entity.personal) {
    if (entity.pickerOpen) fail('/pickerOpen', 'no pickerOpen on a personal entity (its rows are their creator\'s alone)');
    if (entity.duty) fail('/duty', 'no separated duty on a personal entity');
    if (raw.dataScope === false) fail('/dataScope', 'no dataScope: false on a personal entity (it is scoped to the creator)');
  }

  // A single-record entity is opened, edited and acted on, never added to or emptied.
  if (entity.single) {
    if (entity.calls.includes('insert') || entity.calls.includes('delete')) fail('/calls', 'no insert or delete call on a single-record entity');
    if (!entity.calls.includes('list') || !entity.calls.includes('view')) fail('/calls', 'the list and view calls on a single-record entity (its screen finds and shows the record)');
  }

  const placed = new Set<string>();
  const walk = (nodes: FormNode[], pointer: string) => nodes.forEach((node, i) => {
    const here = `${pointer}/${i}`;
    if (node.kind === 'field') {
      const field = byName.get(node.field);
      if (!field) fail(`${here}/field`, `form item "${node.field}" to be a field of ${entity.name}`);
      if (field?.system) fail(`${here}/field`, `an editable field; "${node.field}" is filled by the server`);
      if (placed.has(node.field)) fail(`${here}/field`, `each field at most once in the form; "${node.field}" repeats`);
      placed.add(node.field);
      if (node.widget !== undefined && field) {
        const widget = customWidgetDeclaration(node.widget);
        if (!widget) fail(`${here}/widget`, `a registered widget (${Object.keys(CUSTOM_WIDGETS).join(', ')}); "${node.widget}" is not one`);
        else if (!widget.accepts(field)) fail(`${here}/widget`, `${node.widget} only on ${widget.expects}; "${node.field}" is neither`);
      }
      expression(`${here}/hiddenWhen`, node.hiddenWhen);
      expression(`${here}/requiredWhen`, node.requiredWhen);
      expression(`${here}/disabledWhen`, node.disabledWhen);
      rules(`${here}/rules`, node.rules, names, `a field of ${entity.name}`);
    } else {
      walk(node.children, `${here}/children`);
    }
  });
  walk(entity.form.layout, '/form/layout');

  entity.actions.forEach((a, i) => {
    a.fields?.forEach((f, j) => known(`/actions/${i}/fields/${j}`, f, 'action field'));
    expression(`/actions/${i}/visibleWhen`, a.visibleWhen);
  });
  entity.securityReview?.fields.forEach((f, i) => known(`/securityReview/fields/${i}`, f, 'security-reviewed field'));
  entity.details.sections.forEach((s, i) => s.fields.forEach((f, j) => known(`/details/sections/${i}/fields/${j}`, f, 'details field')));
  entity.details.related?.forEach((r, i) => known(`/details/related/${i}/value`, r.value, 'related records\' value field'));

  const binding = entity.workflow;
  if (binding) {
    // One way of approving a record: the engine's request or the schema's own state machine.
    if (entity.flow) fail('/workflow', 'no "flow" beside "workflow" (an entity is bound to a process or has a simple flow, not both)');
    const status = byName.get(binding.statusField);
    if (!status || status.system || !['status', 'options', 'string'].includes(status.type)) {
      fail('/workflow/statusField', `"${binding.statusField}" to be a field of ${entity.name} of type status, options or string`);
    }
  }

  const flow = entity.flow;
  if (flow) {
    const statusField = byName.get(flow.field);
    if (!statusField || statusField.type !== 'status') fail('/flow/field', `"${flow.field}" to be a field of type status`);
    const states = new Set(flow.states.map((s) => s.name));
    if (!states.has(flow.initial)) fail('/flow/initial', `one of the states ${JSON.stringify([...states])}`);
    flow.editableIn.forEach((s, i) => { if (!states.has(s)) fail(`/flow/editableIn/${i}`, `a declared state, not "${s}"`); });
    // A call takes one transition, or several the module's own call decides between (moduleCall).
    const calls = new Map<string, boolean>();
    flow.transitions.forEach((t, i) => {
      t.from.forEach((s, j) => { if (!states.has(s)) fail(`/flow/transitions/${i}/from/${j}`, `a declared state, not "${s}"`); });
      if (!states.has(t.to)) fail(`/flow/transitions/${i}/to`, `a declared state, not "${t.to}"`);
      const byModule = t.moduleCall === true;
      if (calls.has(t.call) && !(byModule && calls.get(t.call))) {
        fail(`/flow/transitions/${i}/call`, `a unique call name, shared only by transitions with moduleCall; "${t.call}" repeats`);
      }
      calls.set(t.call, byModule);
      t.fields?.forEach((f, j) => known(`/flow/transitions/${i}/fields/${j}`, f, 'transition field'));
      // The opinion stands in for the generic box, so it must be one of the transition's own text fields.
      if (t.opinionField !== undefined && (!t.fields?.includes(t.opinionField) || !['string', 'text'].includes(byName.get(t.opinionField)?.type ?? ''))) {
        fail(`/flow/transitions/${i}/opinionField`, `one of the transition's fields of type string or text, not "${t.opinionField}"`);
      }
      // A guard reads the stored record and what the transition's form sends (guardInputNames).
      const guardNames = new Set([...names, ...guardInputNames(t)]);
      expression(`/flow/transitions/${i}/guard`, t.guard, guardNames, `a field of ${entity.name} or of the ${t.name} transition`);
    });
  }
}
