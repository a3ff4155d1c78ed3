/**
 * A schema file that cannot be used. The message always says where (file and JSON pointer)
 * and what was expected, so whoever edits the file can fix it without reading our code.
 */
export class SchemaError extends Error {
  constructor(
    public readonly file: string,
    public readonly pointer: string,
    public readonly expected: string,
  ) {
    super(`${file}${pointer ? ` at ${pointer}` : ''}: ${expected}`);
    this.name = 'SchemaError';
  }
}
