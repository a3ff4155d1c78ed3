import { useCallback } from 'react';
import type { EntityMessages, FieldDef } from '../../../../runtime/core/schema';
import type { FlowDoc, FlowTexts, WorkflowDoc } from '../../../core';
import { useApply } from '../../state/useApply';
import { useDesignStore } from '../../state/useDesignState';

export interface FlowWrite {
  /** The new simple flow; `null` removes it; absent leaves it. */
  flow?: FlowDoc | null;
  workflow?: WorkflowDoc | null;
  /** Fields to add (a status field the flow needs). */
  addFields?: FieldDef[];
  /** Texts to add to the entity's messages. */
  texts?: FlowTexts;
}

/**
 * Writes the 流程 tab's changes — the flow or binding, a status field it needed, the texts of new
 * states and transitions — as one updateEntity operation: one undo step puts all of them back.
 */
export function useFlowWriter(): (write: FlowWrite, mergeKey?: string) => void {
  const store = useDesignStore();
  const apply = useApply();
  return useCallback((write, mergeKey) => {
    const entity = store.getState().document.entity;
    const patch: Record<string, unknown> = {};
    if (write.flow !== undefined) patch.flow = write.flow ?? undefined;
    if (write.workflow !== undefined) patch.workflow = write.workflow ?? undefined;
    if (write.texts) {
      const messages = entity.messages as EntityMessages | undefined;
      patch.messages = {
        'zh-cn': { ...(messages?.['zh-cn'] ?? {}), ...write.texts['zh-cn'] },
        en: { ...(messages?.en ?? {}), ...write.texts.en },
      };
    }
    apply({ type: 'updateEntity', patch, ...(write.addFields?.length ? { addFields: write.addFields } : {}) }, { mergeKey: mergeKey && `entity:flow:${mergeKey}` });
  }, [store, apply]);
}
