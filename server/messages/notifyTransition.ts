import type { EntityDef, FlowTransition } from '../../runtime/core/schema';
import { ownerOf } from '../../runtime/core/flow';
import type { ServerContext } from '../context';
import { dispatchMessage } from './dispatchMessage';
import { detailsLinkFor } from './detailsLink';

/**
 * After a transition with `notify` has committed: tells the record's owner what happened, on the
 * channels its message type is configured for. The template may use any field of the record
 * ({startTime}), `{title}` (the record's label), `{result}` (the transition's label), `{state}`
 * and `{opinion}`. The owner acting on their own record is not notified of their own act.
 */
export async function notifyTransition(
  ctx: ServerContext, entity: EntityDef, transition: FlowTransition, record: Record<string, unknown>, actorId: string, opinion: string,
): Promise<void> {
  if (!transition.notify) return;
  const owner = ownerOf(entity, record);
  if (typeof owner !== 'string' || owner === '' || owner === actorId) return;
  const label = String(record[entity.labelField ?? entity.key] ?? '');
  const state = entity.flow?.states.find((s) => s.name === record[entity.flow!.field]);
  const fields = Object.fromEntries(Object.entries(record).filter(([, v]) => v === null || typeof v !== 'object'));
  await dispatchMessage(ctx, {
    typeCode: transition.notify,
    receiverId: owner,
    msgType: 'flow',
    link: await detailsLinkFor(ctx, entity, String(record[entity.key])),
    compose: (t) => {
      const result = t(transition.label);
      return {
        title: t('message.transition.title', { entity: t(entity.title), label, result }),
        vars: { ...fields, title: label, result, state: state ? t(state.label) : '', opinion },
      };
    },
  });
}
