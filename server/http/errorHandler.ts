import type { FastifyError, FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError } from './ApiError';
import { pickLanguage, translatorFor } from './serverI18n';
import { permissionDenialText } from './permissionDenial';
import { errorEntry, recordRunLog } from '../audit/recordRunLog';
import { isUniqueViolation, violatedColumn } from '../db/uniqueViolation';

/** Fastify's own refusals of malformed requests, as user-facing messages (never a 500). */
const FRAMEWORK_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'error.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'error.badContentType',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'error.badBody',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'error.badBody',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'error.badBody',
  FST_REQ_FILE_TOO_LARGE: 'file.tooLarge',
  FST_FILES_LIMIT: 'error.badBody',
  FST_PARTS_LIMIT: 'error.badBody',
};

/** The entity field whose unique index a database refusal names, when it names one. */
function duplicatedField(ctx: ServerContext, error: unknown): { name: string; label: string } | undefined {
  const where = violatedColumn(error);
  if (!where) return undefined;
  const entity = [...ctx.registry.entities.values()].find((e) => e.table === where.table);
  return entity?.fields.find((f) => f.name === where.column);
}

/**
 * Every error leaves as the envelope. ApiErrors carry their own status and localised message;
 * malformed requests and duplicate values the database refused get a clear 100; anything unexpected is logged with its stack on the
 * server, recorded in the run log (server/audit/recordRunLog.ts) and answered with a generic
 * message — no stack trace reaches the client.
 */
export function installErrorHandler(app: FastifyInstance, ctx: ServerContext): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const t = translatorFor(ctx.i18n, pickLanguage(request.headers));
    if (error instanceof ApiError) {
      if (error.messageKey === 'error.noPermission') {
        // People read what they could not do; the permission code stays in the data for developers.
        const data = error.data ?? { permission: error.params.permission ?? null };
        return reply.status(error.httpStatus).send({ code: error.code, message: permissionDenialText(ctx, t, error.params.permission), data });
      }
      return reply.status(error.httpStatus).send({ code: error.code, message: t(error.messageKey, error.params), data: error.data });
    }
    // The write paths name the field of a duplicate (checkStoredValues); any path that does not —
    // a named call, an approval applied in its transaction — still answers a clash as the user's error.
    if (isUniqueViolation(error)) {
      request.log.warn({ code: error.code }, 'unique violation reached the error handler');
      const field = duplicatedField(ctx, error);
      const message = field ? t('error.duplicateField', { field: t(field.label) }) : t('error.duplicate');
      return reply.status(200).send({ code: 100, message, data: { reason: 'duplicate', field: field?.name ?? null } });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known || error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      const key = known ?? 'error.badBody';
      return reply.status(200).send({ code: 100, message: t(key, { mb: Math.round(ctx.config.maxUploadBytes / 1048576) }), data: null });
    }
    request.log.error(error);
    if (!ctx.config.logger) console.error(error);
    // The run log gets the error and the call's path — not its query, body or headers.
    await recordRunLog(ctx, errorEntry('unexpectedError', error, `${request.method} ${request.url.split('?')[0]}`));
    return reply.status(500).send({ code: 500, message: t('error.server'), data: null });
  });
}
