import { SchemaError } from '../../runtime/core/schema';

/** The SchemaError a load throws (its file, pointer and message are what the tests read). */
export function schemaErrorOf(fn: () => unknown): SchemaError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error;
  }
  throw new Error('expected a SchemaError');
}
