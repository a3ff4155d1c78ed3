import type { Form, GeneralField } from '@formily/core';
import { Schema, type ISchema } from '@formily/react';

/**
 * Creates the Formily fields of the whole form up front, exactly as SchemaField would on
 * rendering (same props, same addresses, same reactions), without rendering anything.
 *
 * Tabs render only the open pane; the fields of the others must still exist: they hold their
 * values, are validated on submit and feed the tab's error badge. When a pane opens, SchemaField
 * finds its fields already created and only renders them.
 */
export function createFormFields(form: Form, schema: ISchema): void {
  createProperties(form, new Schema(schema), undefined);
}

function createProperties(form: Form, schema: Schema, basePath: GeneralField['address'] | undefined): void {
  for (const { schema: child, key } of Schema.getOrderProperties(schema)) createNode(form, child, String(key), basePath);
}

function createNode(form: Form, schema: Schema, name: string, basePath: GeneralField['address'] | undefined): void {
  const props = { ...schema.toFieldProps({ scope: {} }), name, basePath };
  switch (schema.type) {
    case 'void': {
      const field = form.createVoidField(props);
      createProperties(form, schema, field.address);
      return;
    }
    case 'object': {
      const field = form.createObjectField(props);
      createProperties(form, schema, field.address);
      return;
    }
    case 'array': {
      const field = form.createArrayField(props);
      createRows(form, schema, field.address, Array.isArray(field.value) ? field.value.length : 0);
      return;
    }
    default:
      form.createField(props);
  }
}

/**
 * The cells of a sub-table's existing rows. ArrayTable renders each column's properties at
 * `<table>.<row index>` (the column itself adds no segment), so the cells are created there.
 */
function createRows(form: Form, schema: Schema, address: GeneralField['address'], rows: number): void {
  const items = schema.items;
  if (!(items instanceof Schema)) return;
  for (let index = 0; index < rows; index += 1) {
    for (const { schema: column } of Schema.getOrderProperties(items)) {
      createProperties(form, column, address.concat(index));
    }
  }
}
