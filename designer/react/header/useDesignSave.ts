import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../runtime/react';
import { failureMessage } from '../../../runtime/react/data/requestFailure';
import { toEntityDocument, type DesignDocument } from '../../core';
import { saveDesignDraft, type DesignProblem, type DesignRecord } from '../designCalls';
import { useDesignState, useDesignStore } from '../state/useDesignState';

/** The refusal of a save over a newer draft: `data.conflict = 'revision'` with the draft's revision now. */
function conflictRevision(error: unknown): number | undefined {
  const data = (error as { data?: { conflict?: unknown; revision?: unknown } } | null)?.data;
  return data?.conflict === 'revision' && typeof data.revision === 'number' ? data.revision : undefined;
}

interface DesignSave {
  /** The document differs from the last one saved (by identity: an undo back to it is clean again). */
  dirty: boolean;
  saving: boolean;
  /** Saves the draft; answers false when it was refused (the user has been told). */
  save(): Promise<boolean>;
}

/**
 * Saving the draft with compare-and-set on its revision. A save over someone else's newer draft is
 * refused; the dialog offers to reload theirs, or to keep editing this one — nothing is lost, and
 * the next save then replaces theirs.
 */
export function useDesignSave(record: DesignRecord, onProblems: (problems: DesignProblem[]) => void, onReload: () => void): DesignSave {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { message, modal } = App.useApp();
  const store = useDesignStore();
  const [saved, setSaved] = useState<{ document: DesignDocument; revision: number }>(() => ({ document: store.getState().document, revision: record.revision }));
  const [saving, setSaving] = useState(false);
  // A boolean, so the header re-renders when it flips, not at every edit.
  const dirty = useDesignState((state) => state.document !== saved.document);

  const save = useCallback(async () => {
    const current = store.getState().document;
    setSaving(true);
    try {
      const answer = await saveDesignDraft(request, record.name, toEntityDocument(current), saved.revision);
      setSaved({ document: current, revision: answer.revision });
      onProblems(answer.problems ?? []);
      void message.success(t('designer.header.saved'));
      return true;
    } catch (error) {
      const revision = conflictRevision(error);
      if (revision !== undefined) {
        modal.confirm({
          title: failureMessage(error, t('designer.conflict.title')),
          content: t('designer.conflict.content'),
          okText: t('designer.conflict.reload'),
          cancelText: t('designer.conflict.keep'),
          onOk: onReload,
          onCancel: () => setSaved((before) => ({ ...before, revision })),
        });
      } else if (!(error as { shown?: boolean }).shown) {
        void message.error(failureMessage(error, t('designer.header.saveFailed')));
      }
      return false;
    } finally {
      setSaving(false);
    }
  }, [store, request, record.name, saved.revision, onProblems, onReload, message, modal, t]);

  return { dirty, saving, save };
}
