import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import entityMeta from '../../../schemas/meta/entity.schema.json';
import moduleMeta from '../../../schemas/meta/module.schema.json';
import { SchemaError } from './SchemaError';

export type MetaKind = 'entity' | 'module';

let compiled: Record<MetaKind, ValidateFunction> | undefined;

// Compiled lazily and once: ajv compilation costs tens of milliseconds, and the browser
// bundle only pays it when the designer validates a document.
function validators(): Record<MetaKind, ValidateFunction> {
  if (!compiled) {
    // strictRequired is off because conditional `then: {required}` names properties declared beside it.
    const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, discriminator: true });
    compiled = { entity: ajv.compile(entityMeta), module: ajv.compile(moduleMeta) };
  }
  return compiled;
}

/** ajv reports every failed `oneOf` branch; the deepest, most specific error is the useful one. */
function mostSpecific(errors: ErrorObject[]): ErrorObject {
  return [...errors].sort((a, b) => {
    const depth = (e: ErrorObject) => e.instancePath.split('/').length;
    const generic = (e: ErrorObject) => (['oneOf', 'anyOf', 'if'].includes(e.keyword) ? 1 : 0);
    return depth(b) - depth(a) || generic(a) - generic(b);
  })[0];
}

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown property "${String(error.params.additionalProperty)}" (not part of the format)`;
    case 'required':
      return `missing required property "${String(error.params.missingProperty)}"`;
    case 'enum':
      return `expected one of ${JSON.stringify(error.params.allowedValues)}`;
    case 'const':
      return `expected ${JSON.stringify(error.params.allowedValue)}`;
    default:
      return `expected value that ${error.message ?? 'matches the meta-schema'}`;
  }
}

/** Throws a SchemaError naming the file, the JSON pointer and what was expected. */
export function assertMetaValid(kind: MetaKind, file: string, doc: unknown): void {
  const validate = validators()[kind];
  if (validate(doc)) return;
  const error = mostSpecific(validate.errors ?? []);
  throw new SchemaError(file, error.instancePath || '/', describe(error));
}
