import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { checkStoredValues } from '../../entity/checkStoredValues';
import { insertNewRow } from '../../entity/insertNewRow';
import { validatedValues } from '../../entity/validateInput';
import { recordOperation } from '../../audit/recordOperation';
import { ApiError } from '../../http/ApiError';
import { requireEntity } from './requireEntity';

/** One JSON post holds at most this many events; a longer history goes through the Excel import. */
export const MAX_STORIES_PER_POST = 500;

/**
 * POST insertBigStoryByJson (大事记 as a JSON post): `{stories: [{storyDate, title, content}, …]}`
 * or the array itself. Every item is validated as the form validates it; one bad item refuses the
 * post naming its row, and nothing is written. All rows go in one transaction, each logged.
 */
export const insertBigStoryByJsonCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const entity = requireEntity(ctx, 'BigStory');
    requirePermission(principal, entity.permissions.insert);
    const raw = request.params.stories ?? request.params.list;
    const items: unknown = typeof raw === 'string' ? parseJsonArray(raw) : raw;
    if (!Array.isArray(items) || items.length === 0) throw ApiError.business('infohub.error.listRequired', { field: 'stories' });
    if (items.length > MAX_STORIES_PER_POST) throw ApiError.business('infohub.error.tooMany', { max: MAX_STORIES_PER_POST });
    const rows: Record<string, unknown>[] = [];
    for (const [index, item] of items.entries()) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw ApiError.business('infohub.error.itemNotObject', { row: index + 1 });
      try {
        const values = validatedValues(entity, item as Record<string, unknown>, request.t, undefined, principal);
        await checkStoredValues(ctx, entity, values, request.t, undefined, principal);
        rows.push(values);
      } catch (error) {
        if (error instanceof ApiError && error.code === 100) {
          throw ApiError.business('infohub.error.rowRefused', { row: index + 1, reason: request.t(error.messageKey, error.params) }, error.data);
        }
        throw error;
      }
    }
    const ids = await ctx.database.db.transaction().execute(async (trx) => {
      const made: string[] = [];
      for (const values of rows) {
        const id = await insertNewRow(ctx, trx, entity, values, principal, request.t);
        await recordOperation(trx, principal, { entity, action: 'insert', recordId: id, after: values }, request.raw.ip);
        made.push(id);
      }
      return made;
    });
    return { count: ids.length, ids };
  },
};

function parseJsonArray(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.business('infohub.error.listRequired', { field: 'stories' });
  }
}
