import { assertMetaValid, checkEntityConsistency, normaliseEntity, SchemaError, upgradeSchemaDocument } from '../../runtime/core/schema';
import type { DesignDocument } from './types';
import { toEntityDocument } from './document';

/**
 * The load's own checks on the document the designer would save: the meta-schema, the
 * normaliser and the consistency check of runtime/core/schema, the ones the server runs at
 * start. The operations keep the form's tree sound; a patch typed into the panel or the JSON view
 * (a type without its dictionary, an unknown column) is caught here before a save is attempted.
 */
export type DesignValidation = { ok: true } | { ok: false; pointer: string; expected: string; message: string };

export function validateDesign(document: DesignDocument, moduleName = 'designer', file = `${document.entity.name}.json`): DesignValidation {
  try {
    const doc = upgradeSchemaDocument(file, toEntityDocument(document));
    assertMetaValid('entity', file, doc);
    checkEntityConsistency(file, doc, normaliseEntity(doc, moduleName));
    return { ok: true };
  } catch (error) {
    if (error instanceof SchemaError) return { ok: false, pointer: error.pointer, expected: error.expected, message: error.message };
    throw error;
  }
}
