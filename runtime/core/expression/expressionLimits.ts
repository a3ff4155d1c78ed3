/**
 * Expressions come from schema files and the form designer, i.e. from people, not attackers —
 * but they run on the server for every write, so their cost is capped. The length is checked
 * before parsing; the depth bounds the interpreter's recursion.
 */
export const EXPRESSION_LIMITS = { maxLength: 1000, maxDepth: 24 } as const;
