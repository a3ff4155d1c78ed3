import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { lockRow } from '../../entity/lockRow';
import { ApiError } from '../../http/ApiError';
import { communityEntity } from './communityEntities';

/**
 * 数据上报: a handling result marks its report handled and copies the result onto it, so the
 * reporter reads the answer on the report itself (the results list is the administrators').
 */
export const markReportHandled: BeforeWriteHook = async ({ ctx, trx, record }) => {
  const uploads = communityEntity(ctx, 'DataUploadInfo');
  const uploadId = String(record.upload ?? '');
  if (!(await lockRow(trx, uploads.table, uploads.key, uploadId))) throw ApiError.notFound('error.recordNotFound');
  const stored = await trx.selectFrom(uploads.table).select('rowVersion').where(uploads.key, '=', uploadId).executeTakeFirstOrThrow();
  await trx.updateTable(uploads.table).set({
    status: 'handled', handleResult: String(record.result ?? '').slice(0, 2000), handleTime: record.handleTime ?? null,
    rowVersion: Number(stored.rowVersion ?? 0) + 1,
  }).where(uploads.key, '=', uploadId).execute();
};
