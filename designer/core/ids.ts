/**
 * Node ids: random, url-safe and stable. They are written into the schema file (`form.layout[].id`)
 * so selection, history and diffs follow a node wherever it moves; a path-derived id would change
 * on every move and two copies could end up with the same one.
 */

/** The meta-schema's `nodeId` pattern (schemas/meta/entity.schema.json › $defs.nodeId). */
export const NODE_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * The tree's root (the form's `layout` array) is never written to the file; a fixed id lets the
 * screens fall back to it. A file node that happens to carry this id is given a new one.
 */
export const ROOT_ID = 'root';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const LENGTH = 10;

/** 10 url-safe characters (60 bits): collisions are checked anyway, this keeps them rare. */
export function newNodeId(): string {
  const bytes = new Uint8Array(LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  // 64 symbols: the low six bits of each byte index the alphabet without bias.
  for (const byte of bytes) id += ALPHABET[byte & 63];
  return id;
}

/** A generator's next id that is not in `taken` (and is added to it). */
export function uniqueId(taken: Set<string>, generate: () => string = newNodeId): string {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const id = generate();
    if (NODE_ID_PATTERN.test(id) && !taken.has(id) && id !== ROOT_ID) {
      taken.add(id);
      return id;
    }
  }
  throw new Error('designer: the id generator keeps answering taken or invalid ids');
}
