import { namesParticipant } from '../../../runtime/core/schema';
import type { Principal } from '../../auth/Principal';
import { hasAnyPermission } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import type { RowScope } from '../../entity/dataScope';
import { registerExtraReadRule } from '../../entity/extraReadRules';
import { participantSql } from '../../entity/participantScope';
import { infoEntity } from './infoEntities';

/**
 * Who reads news and notices besides their administrators and authors (the generic rule), in
 * one place for every way a record is read (entity/extraReadRules.ts): the generic by-id, the
 * full-text search's hits, and the files the record holds — cover, attachments, pictures in its
 * text. The reading pages (newsCalls.ts, noticeCalls.ts) answer by the same rule.
 */

/** News: every published item of the reader's unit, for whoever holds a grant of News (staff hold `my`). */
export function publishedNewsScope(principal: Principal): RowScope {
  return {
    condition: (eb) => eb.and([eb('status', '=', 'published'), eb('unitId', '=', principal.unitId)]),
    allows: (row) => row.status === 'published' && row.unitId === principal.unitId,
  };
}

/**
 * Notices: a published notice for the people it was published to (`readers`, resolved from its
 * recipients when it is published). Withdrawn, it is its author's and administrators' again,
 * as on the reading page; restored, its readers read it again.
 */
function addressedNoticeScope(ctx: ServerContext, principal: Principal): RowScope {
  const notices = infoEntity(ctx, 'Notice');
  const readers = notices.fields.find((f) => f.name === 'readers');
  if (!readers) throw new Error('schemas/info/Notice.json: the field readers is missing');
  return {
    condition: (eb) => eb.and([eb('status', '=', 'published'), participantSql(ctx.database.dialect, notices.table, { field: readers }, principal.userId)]),
    allows: (row) => row.status === 'published' && namesParticipant([{ field: readers }], row, principal.userId),
  };
}

export function registerInfoReadRules(): void {
  registerExtraReadRule('News', async (ctx, principal) => {
    const { permissions } = infoEntity(ctx, 'News');
    return hasAnyPermission(principal, [permissions.my, permissions.view, permissions.list]) ? publishedNewsScope(principal) : undefined;
  });
  registerExtraReadRule('Notice', async (ctx, principal) => (
    principal.permissions.has(infoEntity(ctx, 'Notice').permissions.my) ? addressedNoticeScope(ctx, principal) : undefined));
}
