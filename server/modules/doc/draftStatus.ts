import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';

/**
 * A new 发文 or 收文 starts in its binding's draft state (拟稿, 已登记): the status field is
 * read-only, so the insert never carries it, and the engine writes it only from the first submit.
 */
export const startAsDraft: BeforeWriteHook = async ({ entity, action, record }) => {
  const binding = entity.workflow;
  if (action === 'insert' && binding && !record[binding.statusField]) record[binding.statusField] = binding.draft;
};
