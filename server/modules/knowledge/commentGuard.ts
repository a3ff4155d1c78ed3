import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { readableKnowledge } from './knowledgeReaders';

/**
 * Wraps the generic insert and update of KnowledgeComment: the document commented on must be one
 * the writer may read (naming any id would otherwise put a comment under a hidden draft). Checked
 * before the write's transaction: the readers' rule reads roles and departments through the
 * server's connection, which on SQLite the transaction holds.
 */
export function guardKnowledgeComments(table: CallTable): void {
  for (const action of ['insert', 'update'] as const) {
    const key = callKey('set', 'knowledge', `${action}KnowledgeComment`);
    const inner = table.get(key);
    if (!inner) throw new Error(`${key} is not registered: the generic calls register before the module's`);
    table.set(key, guarded(inner));
  }
}

function guarded(inner: CallHandler): CallHandler {
  return {
    ...inner,
    async handle(request) {
      const { knowledge } = request.params;
      // Anything but an id (an object, a list) is the generic call's to refuse, as a reference field's value.
      if (typeof knowledge === 'string' && knowledge !== '') {
        await readableKnowledge(request.ctx, requirePrincipal(request), knowledge);
      }
      return inner.handle(request);
    },
  };
}
