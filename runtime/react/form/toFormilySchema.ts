import type { ISchema } from '@formily/react';
import { isCurrentDefault } from '../../core/schema/currentDefaults';
import type { FieldDef, FormFieldNode, FormNode } from '../../core/schema/types';
import type { Translate } from '../format/Translate';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { fieldValidators } from './fieldValidators';
import { fieldWidget } from './fieldWidget';
import { itemReactions } from './itemReactions';

/**
 * The entity's form layout tree as a Formily JSON schema: a pure function of the schema bundle
 * and a translator, so it is tested without React and the designer can preview with it.
 *
 * Layout: every container (the form, a tab, a column) is a 24-column grid; a field spans
 * `item.span` (default 24) of its container, a column `col.span`. A hidden field then takes no
 * room, which a Row/Col wrapper around it would.
 */

const FULL_SPAN = 24;

type Properties = Record<string, ISchema>;

function spanStyle(span: number | undefined): { gridColumn: string } {
  return { gridColumn: `span ${span ?? FULL_SPAN}` };
}

/** Drops `undefined` entries so the schema compares and serialises cleanly. */
function defined(record: Record<string, unknown>): ISchema {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as ISchema;
}

class SchemaBuilder {
  private readonly fields: Map<string, FieldDef>;
  private nextKey = 0;

  constructor(private readonly bundle: EntitySchemaBundle, private readonly translate: Translate) {
    this.fields = new Map(bundle.entity.fields.map((field) => [field.name, field]));
  }

  /** Layout nodes have no names; these keys cannot clash with field names (which are identifiers). */
  private layoutKey(kind: string): string {
    this.nextKey += 1;
    return `__${kind}${this.nextKey}`;
  }

  build(): ISchema {
    return { type: 'object', properties: { [this.layoutKey('form')]: this.grid(this.bundle.entity.form.layout) } };
  }

  private grid(children: FormNode[], span?: number): ISchema {
    return defined({
      type: 'void',
      'x-component': 'LayoutGrid',
      'x-component-props': span === undefined ? undefined : { span },
      properties: this.nodes(children),
    });
  }

  private nodes(nodes: FormNode[]): Properties {
    const properties: Properties = {};
    for (const node of nodes) {
      switch (node.kind) {
        case 'field':
          properties[node.field] = this.field(node);
          break;
        case 'grid':
          properties[this.layoutKey('grid')] = this.grid(node.children, FULL_SPAN);
          break;
        case 'col':
          properties[this.layoutKey('col')] = this.grid(node.children, node.span);
          break;
        case 'tabs':
          properties[this.layoutKey('tabs')] = {
            type: 'void',
            'x-component': 'FormTab',
            // Only the open pane is in the DOM; the fields of the others exist all the same (createFormFields).
            'x-component-props': { style: spanStyle(FULL_SPAN), destroyOnHidden: true },
            properties: this.nodes(node.children),
          };
          break;
        case 'tab':
          properties[this.layoutKey('tab')] = {
            type: 'void',
            'x-component': 'FormTab.TabPane',
            'x-component-props': { tab: this.translate(node.title) },
            properties: { [this.layoutKey('grid')]: this.grid(node.children) },
          };
          break;
        default: {
          const unreachable: never = node;
          throw new Error(`Unknown form layout node ${JSON.stringify(unreachable)}`);
        }
      }
    }
    return properties;
  }

  private field(item: FormFieldNode): ISchema {
    const field = this.fields.get(item.field);
    if (!field) {
      throw new Error(`The form of ${this.bundle.entity.name} places field "${item.field}", which the entity does not define; add it to "fields" or remove it from "form.layout".`);
    }
    return defined({
      ...this.control(field, item),
      title: this.translate(field.label),
      description: item.tips ? this.translate(item.tips) : undefined,
      'x-decorator': 'FormItem',
      'x-decorator-props': { 'data-testid': `field-${field.name}`, style: spanStyle(item.span) },
      'x-disabled': item.disabled || field.readOnly || field.system ? true : undefined,
      'x-reactions': itemReactions(item),
    });
  }

  /** Type, component, value rules: what a field and a sub-table cell have in common. */
  private control(field: FieldDef, item: FormFieldNode | undefined): ISchema {
    const widget = fieldWidget(this.bundle, field, item, this.translate);
    const common = {
      type: widget.type,
      required: field.required === true && !field.autoCode ? true : undefined,
      // An untouched switch means "off"; without a default it would be sent as nothing at all.
      // The signed-in user's defaults come with the initial values (currentDefaultValues), not here.
      default: isCurrentDefault(field.default) ? undefined : field.default ?? (field.type === 'switch' ? 0 : undefined),
      enum: widget.options,
      'x-component': widget.component,
      'x-component-props': defined(widget.props),
      'x-validator': fieldValidators(field, item, this.translate),
    };
    if (field.type !== 'subTable') return defined(common);
    return defined({
      ...common,
      items: { type: 'object', properties: this.subTableColumns(field) },
      properties: {
        [this.layoutKey('add')]: { type: 'void', title: this.translate('runtime.form.addRow'), 'x-component': 'ArrayTable.Addition' },
      },
    });
  }

  private subTableColumns(field: FieldDef): Properties {
    const columns: Properties = {};
    for (const child of field.fields ?? []) {
      columns[this.layoutKey('column')] = {
        type: 'void',
        'x-component': 'ArrayTable.Column',
        'x-component-props': { title: this.translate(child.label), width: 180 },
        properties: { [child.name]: { ...this.control(child, undefined), 'x-decorator': 'FormItem' } },
      };
    }
    columns[this.layoutKey('column')] = {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: this.translate('runtime.form.operations'), width: 80, fixed: 'right' },
      properties: { [this.layoutKey('remove')]: { type: 'void', 'x-component': 'ArrayTable.Remove' } },
    };
    return columns;
  }
}

export function toFormilySchema(bundle: EntitySchemaBundle, translate: Translate): ISchema {
  return new SchemaBuilder(bundle, translate).build();
}
