import type { BeforeDeleteHook } from '../../entity/beforeDeleteHooks';
import { deleteDependents } from '../../entity/deleteDependents';
import { lockRow } from '../../entity/lockRow';
import { communityEntity } from './communityEntities';

/**
 * A dynamics post (动态) takes its comments with it, in the generic delete's own transaction
 * (server/entity/beforeDeleteHooks.ts), each with its operation-log line: no comment outlives its
 * post, and a failure anywhere leaves the post and every comment. Who may delete the post is the
 * generic rule (the delete permission in the role's scope: one's own posts, the administrators'
 * unit); the comments go with it whoever wrote them.
 */
export const deleteDynamicsComments: BeforeDeleteHook = async (input) => {
  const { ctx, trx, entity, rows } = input;
  const postIds = rows.map((r) => String(r[entity.key]));
  // A comment written meanwhile waits on its post's row (checkDynamicsComment), then finds the post gone.
  for (const postId of postIds) await lockRow(trx, entity.table, entity.key, postId);
  await deleteDependents(input, communityEntity(ctx, 'DynamicsComment'), 'dynamics', postIds);
};
