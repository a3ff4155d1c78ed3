import type { EntityDef } from '../../runtime/core/schema';
import { ownerOf, sameId } from '../../runtime/core/flow';
import type { Principal } from '../auth/Principal';
import type { Db } from '../db/connect';
import { systemEntity, type ServerContext } from '../context';
import { translatorFor } from '../http/serverI18n';
import { ApiError } from '../http/ApiError';
import { FLOW_LOG_STEPS, recordFlowStep } from './flowLog';
import { sendMessage } from '../messages/sendMessage';

/**
 * Who may change a record that is in a flow (issue 12.5). A request in an editable state
 * (`flow.editableIn`, usually the initial one) belongs to its applicant: the owner (the my list's
 * owner field, else the creator) and whoever entered it for them may edit or delete it.
 * Approvers act through transitions only — an update permission held for other reasons (a
 * dispatcher who is also staff) does not let them rewrite someone else's application. The
 * superuser may still correct it, as an administrative change: written to the flow history and
 * announced to the applicant, never silent.
 */

/** undefined: no flow, or nobody's request — the permission and scope alone decide. */
export type FlowChangeBy = 'applicant' | 'administrator';

export function flowChangeBy(entity: EntityDef, principal: Principal, row: Record<string, unknown>): FlowChangeBy | undefined {
  if (!entity.flow) return undefined;
  const present = (value: unknown) => value !== null && value !== undefined && value !== '';
  if (sameId(ownerOf(entity, row), principal.userId) || sameId(row.createUser, principal.userId)) return 'applicant';
  // A request with no applicant account (a self-registration filed before sign-in) is the
  // processing administrators' to complete, as the permission says.
  if (!present(ownerOf(entity, row)) && !present(row.createUser)) return undefined;
  if (principal.isSuperAdmin) return 'administrator';
  throw ApiError.forbidden('flow.applicantOnly');
}

/**
 * An administrator's change to someone's request: in its history, and told to its applicant.
 * `link` (the record's details, for an update) is looked up before the write's transaction: on
 * SQLite the transaction holds the one connection.
 */
export async function recordAdministrativeChange(
  ctx: ServerContext, db: Db, entity: EntityDef, principal: Principal, row: Record<string, unknown>, action: 'update' | 'delete', link?: string,
): Promise<void> {
  const id = String(row[entity.key]);
  const state = String(row[entity.flow!.field] || entity.flow!.initial);
  await recordFlowStep(db, entity, {
    recordId: id, transition: action === 'update' ? FLOW_LOG_STEPS.adminUpdate : FLOW_LOG_STEPS.adminDelete,
    fromState: state, toState: state, userId: principal.userId,
  });
  const applicant = String(ownerOf(entity, row) ?? '');
  if (!applicant || applicant === principal.userId) return;
  const label = String(row[entity.labelField] ?? id);
  // In the applicant's language, as every message is (server/messages/dispatchMessage.ts).
  const users = systemEntity(ctx, 'User');
  const receiver = await db.selectFrom(users.table).select('language').where(users.key, '=', applicant).executeTakeFirst();
  const t = translatorFor(ctx.i18n, receiver?.language === 'en' ? 'en' : 'zh-cn');
  await sendMessage(ctx, db, {
    receiverId: applicant, msgType: 'flow',
    title: t(`flow.adminChange.${action}.title`, { entity: t(entity.title), label, user: principal.userName }),
    content: t(`flow.adminChange.${action}.content`, { entity: t(entity.title), label, user: principal.userName }),
    link,
  });
}
